#!/bin/bash
# Second round, after train.sh: seeds 1 and 2 of S and L; the recipe on 114 and 228 of
# the 456 training programs (seeds 0-2), to see how the test figure grows with programs.
set -e
export PATH=/work/main/.venv/bin:$PATH
py=/work/main/.venv/bin/python
common="--corpus g8m --split-from split-c.pt --epochs 12 --workers 1"
run() { cp R0.graphs.pt $1.graphs.pt; polyrl pretrain --out $1.pt "${@:2}" > $1.log 2>&1; }
for s in 1 2; do
  run S$s --store g8m.sqlite $common --rank-weight 3 --select within --seed $s &
  run L$s --store g8m.sqlite $common --rank-weight 3 --list-weight 1 --seed $s
  wait
done
for n in 114 228; do
  $py /work/main/reports/session16/substore.py g8m.sqlite split-c.pt $n sub$n.sqlite
  for s in 0 1 2; do run P$n-$s --store sub$n.sqlite $common --rank-weight 3 --seed $s; done
done
