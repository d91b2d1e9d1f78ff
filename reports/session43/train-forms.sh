#!/usr/bin/env bash
# session 43: the two AMD forms fine-tunes taught again on every AMD label of the set, now with seed 148's
# contraction-rich programs at scale 1 (baselines 1-40 ms, PolyBench MEDIUM-like sizes: where the pick
# loses covariance, gemm and trmm on this machine) and the rest of seed 147; session 41's recipe otherwise
# (from the shipped Xeon weights, 4 epochs, lr 3e-4, rank weight 3, seed 0); session 41's graphs reused.
#
#   bash train-forms.sh [RUN_DIR TAG GRAPHS]   # session 44: bash train-forms.sh /work/runs/s44 F44 /work/runs/s43/F43-tuned.graphs.pt
# (defaults: this session's /work/runs/s43, F43, session 41's graphs)
set -eu
D=${1:-/work/runs/s43}; T=${2:-F43}; G=${3:-/work/runs/s41/F41-tuned.graphs.pt}
cd $D
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
$P/polyrl dataset import --labels /work/main/datasets/labels --store labels.sqlite --corpus labels-corpus > import.log 2>&1
[ -f $T-tuned.graphs.pt ] || cp $G $T-tuned.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms-tuned.pt \
  --out $T-tuned.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-$T-tuned.log 2>&1
[ -f $T-forms.graphs.pt ] || cp $T-tuned.graphs.pt $T-forms.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms.pt \
  --out $T-forms.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-$T-forms.log 2>&1
for m in $T-tuned $T-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
