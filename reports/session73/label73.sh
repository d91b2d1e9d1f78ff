#!/usr/bin/env bash
# session 73: decide72b.md's held-out set, seed 304 (200 programs at PolyBench MEDIUM's sizes), listed by session 72's
# ab72.py with the variants shipped, i72-alone and i72-blend (the I72 fine-tunes of train72.sh in /work/runs/s72), in
# two parts side by side (nothing timed), then measured on this Intel Xeon (3 runs a label, nothing else running) and
# exported as a shard.
#   bash reports/session73/label73.sh list      # both parts, side by side; resumes
#   bash reports/session73/label73.sh measure   # then `ab72.py compare` (COMMANDS.txt)
set -u
S=/work/runs/s72
source "$(dirname "$0")/../session46/configs46.sh"   # P R; cd $S
c=g304 store=labels304
[ -d $c ] || $P/polyrl generate --count 200 --seed 304 --scale 0.05 --weights contraction=2,imperfect=1,ops=0.15 --out $c
case ${1:-} in
  list)
    for k in 0 1; do
      I72=$S $P/python $R/session72/ab72.py list $c $c-list-$k.txt $c-finals-$k.jsonl --part $k/2 \
        --variants shipped,i72-alone,i72-blend > list304-$k.log 2>&1 &
    done
    wait ;;
  measure)
    cat $c-list-*.txt | sort -u > $c-all.txt
    cat $c-finals-*.jsonl > $c-finals.jsonl
    OMP_WAIT_POLICY=passive $P/polyrl measure $c --schedules $c-all.txt --workers 2 --threads 2 --repeat 3 \
      --timeout 60 --compile-timeout 120 --store $store.sqlite --batch 4 --no-progress
    $P/polyrl dataset export $store.sqlite --name s73-g304-medium-ab-xeon167 ;;
  *) echo "usage: label73.sh list|measure" >&2; exit 2 ;;
esac
