#!/bin/bash
# Session 17: the shipped recipe (--rank-weight 3, 12 epochs, the shipped model's split) on
# four subsets of the measured parts, seeds 0-2, two runs at a time. Run from the data
# folder after measure.sh: bash train.sh [CONFIG ...]   (default: W X Y)
#   W = tv A1        228 programs, half their schedules
#   X = tv A1 A2     228 programs, all their schedules
#   Y = tv A1 B1     456 programs, half their schedules (as many evaluations as X)
#   V = tv A1 B1 C1  684 programs, half their schedules (C1 after `measure.sh C1`)
set -e
export PATH=/work/main/.venv/bin:$PATH
here=/work/main/reports/session17
declare -A parts=([W]="tv A1" [X]="tv A1 A2" [Y]="tv A1 B1" [V]="tv A1 B1 C1")
configs=("$@")
[ ${#configs[@]} -eq 0 ] && configs=(W X Y)
common="--corpus g8m --split-from split-c.pt --epochs 12 --rank-weight 3 --workers 1"
# every graph once, with both cores: a one-epoch run builds the graphs G.graphs.pt lacks (all
# of them the first time, C's programs after `measure.sh C1`); each run starts from a copy of it
polyrl pretrain --store g8m.sqlite --corpus g8m --split-from split-c.pt --epochs 1 --workers 2 --out G.pt > G.log 2>&1
run() { cp G.graphs.pt $1.graphs.pt; polyrl pretrain --out $1.pt "${@:2}" > $1.log 2>&1; }
runs=()
for c in "${configs[@]}"; do
  python $here/pick.py g8m.sqlite $c.sqlite ${parts[$c]}
  runs+=("$c 0" "$c 1" "$c 2")
done
for ((i = 0; i < ${#runs[@]}; i += 2)); do
  for r in "${runs[@]:i:2}"; do
    set -- $r
    run $1-$2 --store $1.sqlite $common --seed $2 &
  done
  wait
done
