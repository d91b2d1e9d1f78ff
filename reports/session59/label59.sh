#!/usr/bin/env bash
# session 59, while the machine would otherwise idle (nothing else timed): labels of this machine's key (AMD Zen 5) of
# what the one-shot pipeline weighs (session 58's pick_schedules.py: the checked schedule, the macro pick's candidates
# and 8 of the policy's samples), one shard per training seed:
#   249: 200 programs at PolyBench MEDIUM's sizes (scale 0.05, contraction=2,imperfect=1), the kind of set on which
#        decide59.sh's F59 lost most (h258, and session 53's MEDIUM-dimension h198 and h206)
#   251: 150 programs at scale 128 (default weights), the kind of h240, lost by every new Zen 5 model since F57
#        (started and stopped: its candidates took 20 s a program to list; for a session with more time)
#   255: 200 programs as 249 (MEDIUM's sizes, contraction=2,imperfect=1), after the closing note
#   253: 200 matrix-vector shapes at MEDIUM's sizes (configs46.sh's MATVEC_WEIGHTS), while the notes were written
# A run stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on); each
# export runs however its run ended.
#   bash reports/session59/label59.sh 249 > /work/runs/s59/label249.log 2>&1
set -u
S=/work/runs/s59
source "$(dirname "$0")/../session46/configs46.sh"   # P MATVEC_WEIGHTS; cd $S
seed=${1:?usage: label59.sh 249|251|253|255}
case $seed in
  249) [ -d g249 ] || $P/polyrl generate --count 200 --seed 249 --scale 0.05 --weights contraction=2,imperfect=1 --out g249
       name=s59-g249-medium-pick-samples-zen5 ;;
  251) [ -d g251 ] || $P/polyrl generate --count 150 --seed 251 --scale 128 --out g251
       name=s59-g251-scale128-pick-samples-zen5 ;;
  253) [ -d g253 ] || $P/polyrl generate --count 200 --seed 253 --scale 0.05 --weights $MATVEC_WEIGHTS --out g253
       name=s59-g253-medium-matrix-vector-pick-samples-zen5 ;;
  255) [ -d g255 ] || $P/polyrl generate --count 200 --seed 255 --scale 0.05 --weights contraction=2,imperfect=1 --out g255
       name=s59-g255-medium-pick-samples-zen5 ;;
  *) echo "usage: label59.sh 249|251|253|255" >&2; exit 2 ;;
esac
[ -s g$seed-pick.txt ] || $P/python $R/session58/pick_schedules.py g$seed g$seed-pick.txt
OMP_WAIT_POLICY=passive $P/polyrl measure g$seed --schedules g$seed-pick.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 20 --compile-timeout 60 --store labels$seed.sqlite --batch 4 --no-progress
$P/polyrl dataset export labels$seed.sqlite --name $name
