#!/bin/bash
# The session-16 trainings, on the shipped model's program split (split-c.pt), two at a time.
# Run from the data folder after the measurement: bash train.sh
set -e
export PATH=/work/main/.venv/bin:$PATH
common="--store g8m.sqlite --corpus g8m --split-from split-c.pt --epochs 12 --workers 1"
# R0 builds the graphs (2 workers); the others start from a copy of its cache
[ -f tv.graphs.pt ] && [ ! -f R0.graphs.pt ] && cp tv.graphs.pt R0.graphs.pt
polyrl pretrain $common --out R0.pt --rank-weight 3 --workers 2 > R0.log 2>&1
for r in R1 R2 S L M; do cp R0.graphs.pt $r.graphs.pt; done
polyrl pretrain $common --out R1.pt --rank-weight 3 --seed 1 > R1.log 2>&1 &
polyrl pretrain $common --out R2.pt --rank-weight 3 --seed 2 > R2.log 2>&1
wait
polyrl pretrain $common --out S.pt --rank-weight 3 --select within > S.log 2>&1 &
polyrl pretrain $common --out L.pt --rank-weight 3 --list-weight 1 > L.log 2>&1
wait
polyrl pretrain $common --out M.pt --rank-weight 3 --mse-weight 0 > M.log 2>&1
