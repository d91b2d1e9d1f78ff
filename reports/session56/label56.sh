#!/usr/bin/env bash
# session 56, while the machine would otherwise idle (nothing else timed): labels of this machine's key (AMD Zen 5) of
# macro candidates of cache-bound programs, where the blend F52+F55 lost (held-out h230, scale 128): training seed 229,
# 300 programs at scale 128 with the default weights; then seed 227 (session 55's scalar-temp pattern at scale 128,
# stopped there) goes on. Stopped with pkill -INT -f "polyrl measure" (the store keeps every finished evaluation).
# Each export runs however its run ended: the first version chained it with &&, and seed 229's was skipped (exported
# by hand) because a refused original makes `polyrl measure` exit non-zero.
#   bash reports/session56/label56.sh > /work/runs/s56/label56.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
ex() { $P/polyrl dataset export $1/labels$2.sqlite --name "$3"; }
RUNS=/work/runs/s56 bash $R/session45/label45.sh 229 300 128 contraction=1; ex /work/runs/s56 229 s56-g229-scale128-zen5
RUNS=/work/runs/s55 bash $R/session45/label45.sh 227; ex /work/runs/s55 227 s56-g227-scale128-scalar-temp-zen5-resumed
