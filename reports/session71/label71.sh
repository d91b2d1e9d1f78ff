#!/usr/bin/env bash
# session 71: session 62's label62.sh in this session's run folder for 298 (a fresh held-out set, 200 programs at
# PolyBench MEDIUM's sizes, for the next ranking rule's final word) and 297 (training, 200 at MEDIUM's sizes), each
# listed by the pipeline as shipped (F52 blended with F67) with 8 of the policy's samples.
#   bash reports/session71/label71.sh list 297|298     # the candidates (nothing timed)
#   bash reports/session71/label71.sh measure 297|298  # measure them (nothing else running), then export a shard
S=/work/runs/s71 exec bash "$(dirname "$0")/../session62/label62.sh" "$@"
