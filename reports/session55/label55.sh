#!/usr/bin/env bash
# session 55: labels of this machine's key (AMD Zen 5, family 26 model 2) while the session writes code (nothing else
# timed): LARGE-sized contractions, selected as session 47's 173big (seed 223), the shape session 54's rule 1 lacked.
# Stopped with pkill -INT -f "polyrl measure" and exported by hand where it does not finish.
#   bash reports/session55/label55.sh > /work/runs/s55/label55.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s55
export RUNS=$S
[ -d $S/g223big ] || bash $R/session47/select47.sh 223 300
bash $R/session45/label45.sh 223big && $P/polyrl dataset export $S/labels223big.sqlite --name s55-g223big-scale32-large-contractions-zen5
