#!/usr/bin/env bash
# session 64, while the machine would otherwise idle: session 62's label62.sh (its seeds 277, 279 and 281 are this session's:
# 200 programs at PolyBench MEDIUM's sizes; 100 and 50 at scale 128 with 5 runs each) in this session's run folder.
#   bash reports/session64/label64.sh list 277|279|281      # the candidates (nothing timed)
#   bash reports/session64/label64.sh measure 277|279|281   # measure them (nothing else running), then export a shard
S=/work/runs/s64 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
