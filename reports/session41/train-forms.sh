#!/usr/bin/env bash
# session 41: the two AMD forms fine-tunes taught again, now on every AMD label of the set
# (Zen 3 sessions 18-21, 38-40: seeds 138, 142, 143 new since session 38; Zen 4 sessions 36-37),
# session 38's recipe (from the shipped Xeon weights, 4 epochs, lr 3e-4, rank weight 3); the graphs
# of session 38's pairs reused (copied to OUT.graphs.pt; only new pairs are built).
set -eu
cd /work/runs/s41
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
$P/polyrl dataset import --labels /work/main/datasets/labels --store labels.sqlite --corpus labels-corpus > import.log 2>&1
[ -f F41-tuned.graphs.pt ] || cp /work/runs/s38/F38-tuned.graphs.pt F41-tuned.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms-tuned.pt \
  --out F41-tuned.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F41-tuned.log 2>&1
cp F41-tuned.graphs.pt F41-forms.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms.pt \
  --out F41-forms.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F41-forms.log 2>&1
for m in F41-tuned F41-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
