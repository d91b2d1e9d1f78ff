#!/usr/bin/env bash
# session 63, while the machine would otherwise idle: session 62's label62.sh (its seeds 273 and 275 are this session's:
# 200 programs at PolyBench MEDIUM's sizes; 100 at scale 128 with 5 runs each) in this session's run folder.
#   bash reports/session63/label63.sh list 273|275      # the candidates (nothing timed)
#   bash reports/session63/label63.sh measure 273|275   # measure them (nothing else running), then export a shard
S=/work/runs/s63 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
