#!/usr/bin/env bash
# session 54, at the end while the machine would idle: the first Zen 5 labels of contractions at LARGE sizes (training
# seed 221 selected as 173: largest size at least 300), the shape the first rule's losses lacked; stopped with
# pkill -INT -f "polyrl measure" and exported as far as it went.
#   bash reports/session54/label54c.sh > /work/runs/s54/label54c.log 2>&1 &
set -u
S=/work/runs/s54
export RUNS=$S
[ -d $S/g221big ] || bash /work/main/reports/session47/select47.sh 221 300
bash /work/main/reports/session45/label45.sh 221big
