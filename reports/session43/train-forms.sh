#!/usr/bin/env bash
# session 43: the two AMD forms fine-tunes taught again on every AMD label of the set, now with seed 148's
# contraction-rich programs at scale 1 (baselines 1-40 ms, PolyBench MEDIUM-like sizes: where the pick
# loses covariance, gemm and trmm on this machine) and the rest of seed 147; session 41's recipe otherwise
# (from the shipped Xeon weights, 4 epochs, lr 3e-4, rank weight 3, seed 0); session 41's graphs reused.
set -eu
cd /work/runs/s43
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
$P/polyrl dataset import --labels /work/main/datasets/labels --store labels.sqlite --corpus labels-corpus > import.log 2>&1
[ -f F43-tuned.graphs.pt ] || cp /work/runs/s41/F41-tuned.graphs.pt F43-tuned.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms-tuned.pt \
  --out F43-tuned.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F43-tuned.log 2>&1
[ -f F43-forms.graphs.pt ] || cp F43-tuned.graphs.pt F43-forms.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms.pt \
  --out F43-forms.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F43-forms.log 2>&1
for m in F43-tuned F43-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
