#!/bin/bash
# the Spearman-against-labels curve: the same split as C28-all (seed 0), the first N of its training programs
M="Intel(R) Xeon(R) Processor x2 (family 6 model 167 stepping 1, L1d 48K L2 2048K L3 491520K)"
for n in 290 580 1160; do
  cp C28-all.graphs.pt C28-n$n.graphs.pt
  /work/main/.venv/bin/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "$M" --out C28-n$n.pt --epochs 12 --workers 2 --rank-weight 3 --seed 0 --train-programs $n > pretrain-C28-n$n.log 2>&1
done
