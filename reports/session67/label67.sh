#!/usr/bin/env bash
# session 67, while the machine would otherwise idle: session 62's label62.sh in this session's run folder, for seeds
# 288 (200 programs at PolyBench MEDIUM's sizes, held out: even seeds from 288 on are for checks) and 289 (200 more,
# for training), the candidates listed by the pipeline as shipped (F52 blended with F65).
#   bash reports/session67/label67.sh list 288|289      # the candidates (nothing timed)
#   bash reports/session67/label67.sh measure 288|289   # measure them (nothing else running), then export a shard
S=/work/runs/s67 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
