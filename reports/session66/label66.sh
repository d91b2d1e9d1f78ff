#!/usr/bin/env bash
# session 66, while the machine would otherwise idle: session 62's label62.sh (its seeds 283 and 285 are this session's:
# 200 programs at PolyBench MEDIUM's sizes; 100 at scale 128 with 5 runs each) in this session's run folder, the
# candidates listed by the pipeline with F65 shipped.
#   bash reports/session66/label66.sh list 283|285      # the candidates (nothing timed)
#   bash reports/session66/label66.sh measure 283|285   # measure them (nothing else running), then export a shard
S=/work/runs/s66 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
