#!/usr/bin/env bash
# session 68, while the machine would otherwise idle: session 62's label62.sh in this session's run folder, for seed
# 290 (200 programs at PolyBench MEDIUM's sizes, held out: the fresh set of decide68.md) and seed 292 (200 more, held
# out, listed for the next session's rule), the candidates listed by the pipeline as shipped (F52 blended with F67)
# with 8 of the policy's samples. (Seed 289, training, goes on in session 67's folder: label67.sh measure 289.)
#   bash reports/session68/label68.sh list 290|292  # the candidates (nothing timed)
#   bash reports/session68/label68.sh measure 290|292  # measure them (nothing else running), then export a shard
S=/work/runs/s68 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
