#!/usr/bin/env bash
# session 58, while the machine would otherwise idle (nothing else timed): labels of this machine's key (AMD Zen 5)
# of what the one-shot pipeline weighs, the policy's samples among it (pick_schedules.py: the checked schedule, the
# macro pick's candidates and 8 samples as the pick draws them), one shard per training seed:
#   243: 200 programs at PolyBench MEDIUM's sizes (scale 0.05, contraction=2,imperfect=1)
#   245: 150 programs at scale 128 (default weights), where weighing the samples lost most (decide58.sh's h250)
#   247: 200 matrix-vector shapes at MEDIUM's sizes (configs46.sh's MATVEC_WEIGHTS; at the end, while the notes
#        were written)
# A run stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on); each
# export runs however its run ended.
#   bash reports/session58/label58.sh 243 > /work/runs/s58/label243.log 2>&1; bash reports/session58/label58.sh 245 ...
set -u
S=/work/runs/s58
source "$(dirname "$0")/../session46/configs46.sh"   # P, MATVEC_WEIGHTS; cd $S
seed=${1:?usage: label58.sh 243|245|247}
case $seed in
  243) [ -d g243 ] || $P/polyrl generate --count 200 --seed 243 --scale 0.05 --weights contraction=2,imperfect=1 --out g243
       name=s58-g243-medium-pick-samples-zen5 ;;
  245) [ -d g245 ] || $P/polyrl generate --count 150 --seed 245 --scale 128 --out g245
       name=s58-g245-scale128-pick-samples-zen5 ;;
  247) [ -d g247 ] || $P/polyrl generate --count 200 --seed 247 --scale 0.05 --weights $MATVEC_WEIGHTS --out g247
       name=s58-g247-medium-matrix-vector-pick-samples-zen5 ;;
  *) echo "usage: label58.sh 243|245|247" >&2; exit 2 ;;
esac
[ -s g$seed-pick58.txt ] || $P/python $R/session58/pick_schedules.py g$seed g$seed-pick58.txt
OMP_WAIT_POLICY=passive $P/polyrl measure g$seed --schedules g$seed-pick58.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 20 --compile-timeout 60 --store labels$seed.sqlite --batch 4 --no-progress
$P/polyrl dataset export labels$seed.sqlite --name $name
