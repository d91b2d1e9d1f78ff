#!/usr/bin/env bash
# session 71: decide71.md's held-out set, seed 300: 200 programs at PolyBench MEDIUM's sizes whose statements divide
# and call sqrt (Weights.ops 0.3), listed by ab71.py (both variants' final schedules and pick candidates) and measured
# on this machine (3 runs a label), then exported as a shard.
#   bash reports/session71/label71ops.sh list      # ab71.py list (nothing timed; resumes)
#   bash reports/session71/label71ops.sh measure   # measure (nothing else running), then export a shard
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=/work/runs/s71
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=300 c=g300 store=labels300
[ -d $c ] || $P/polyrl generate --count 200 --seed $seed --scale 0.05 --weights contraction=2,imperfect=1,ops=0.3 --out $c
case ${1:-} in
  list) $P/python $R/session71/ab71.py list $c $c-pick.txt $c-finals.jsonl ${PART:+--part $PART} ;;
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name s71-g$seed-medium-ops-ab-zen3 ;;
  *) echo "usage: label71ops.sh list|measure" >&2; exit 2 ;;
esac
