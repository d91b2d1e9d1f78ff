#!/usr/bin/env bash
# session 72: decide72.md's held-out set, seed 302: 200 programs at PolyBench MEDIUM's sizes, listed by ab72.py
# (both variants' final schedules and pick candidates) and measured on this Intel Xeon (3 runs a label), then
# exported as a shard.
#   bash reports/session72/label72.sh list      # ab72.py list (nothing timed; resumes; PART=K/N for one part)
#   bash reports/session72/label72.sh measure   # measure (nothing else running), then export a shard
# A measure stopped with pkill -INT -f "polyrl measure" keeps every finished evaluation (run again to go on).
set -u
S=/work/runs/s72
mkdir -p $S
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
seed=302 c=g302 store=labels302
[ -d $c ] || $P/polyrl generate --count 200 --seed $seed --scale 0.05 --weights contraction=2,imperfect=1,ops=0.15 --out $c
case ${1:-} in
  list) $P/python $R/session72/ab72.py list $c $c-pick.txt $c-finals.jsonl ${PART:+--part $PART} ;;
  measure)
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-pick.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name s72-g$seed-medium-ab-xeon167 ;;
  *) echo "usage: label72.sh list|measure" >&2; exit 2 ;;
esac
