#!/usr/bin/env bash
# session 61, while the machine would otherwise idle: labels of this machine's key (AMD Zen 5) of what the one-shot
# pipeline weighs (session 58's pick_schedules.py: the checked schedule, the macro pick's candidates and 8 of the
# policy's samples): 261, a new training seed of 200 programs at PolyBench MEDIUM's sizes (scale 0.05,
# contraction=2,imperfect=1, as 249, 255 and 257), where the one-shot share is measured; 263, 150 at scale 128; 265,
# 200 more at MEDIUM's sizes (after the closing tests).
#   bash reports/session61/label61.sh list 261|263|265|267      # the candidates (nothing timed)
#   bash reports/session61/label61.sh measure 261|263|265|267   # measure them (nothing else running), then export a shard
#   bash reports/session61/label61.sh retest 261|263|265|267    # measure them again into a fresh store, kept out of the label
#                                                       # set: how far the labels agree with themselves (retest61.py)
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=/work/runs/s61
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=${2:-}
case $seed in
  261) [ -d g261 ] || $P/polyrl generate --count 200 --seed 261 --scale 0.05 --weights contraction=2,imperfect=1 --out g261
       name=s61-g261-medium-pick-samples-zen5 ;;
  263) [ -d g263 ] || $P/polyrl generate --count 150 --seed 263 --scale 128 --out g263
       name=s61-g263-scale128-pick-samples-zen5 ;;
  267) [ -d g267 ] || $P/polyrl generate --count 200 --seed 267 --scale 0.05 --weights contraction=2,imperfect=1 --out g267
       name=s61-g267-medium-pick-samples-zen5 ;;
  265) [ -d g265 ] || $P/polyrl generate --count 200 --seed 265 --scale 0.05 --weights contraction=2,imperfect=1 --out g265
       name=s61-g265-medium-pick-samples-zen5 ;;
  *) echo "usage: label61.sh list|measure 261|263|265|267" >&2; exit 2 ;;
esac
c=g$seed store=labels$seed
case ${1:-} in
  list) $P/python $R/session58/pick_schedules.py $c $c-pick.txt ;;
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name $name ;;
  retest)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store-retest.sqlite --batch 4 --no-progress ;;
  *) echo "usage: label61.sh list|measure|retest 261|263|265|267" >&2; exit 2 ;;
esac
