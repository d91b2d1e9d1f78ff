#!/usr/bin/env bash
# session 55, at the end while the machine would idle (nothing else timed): labels of this machine's key (AMD Zen 5)
# of the generator's new scalar-temp pattern, whose expanded macro plans (MACROS_VERSION 16) no cost model has seen a
# label of: seed 225 at scale 16 and seed 227 at scale 128 (300 programs each, scalar_temp=3 beside the default
# weights, as held-out h220 and h222). Stopped with pkill -INT -f "polyrl measure" and exported by hand where it does
# not finish.
#   bash reports/session55/label55b.sh > /work/runs/s55/label55b.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s55
export RUNS=$S
ex() { $P/polyrl dataset export $S/labels$1.sqlite --name "$2"; }
bash $R/session45/label45.sh 225 300 16 scalar_temp=3 && ex 225 s55-g225-scale16-scalar-temp-zen5
bash $R/session45/label45.sh 227 300 128 scalar_temp=3 && ex 227 s55-g227-scale128-scalar-temp-zen5
