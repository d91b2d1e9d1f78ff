#!/usr/bin/env bash
# session 38: the two forms models taught the AMD labels of the set (the Zen 3 of sessions 18-21
# and 38, the Zen 4 of sessions 36-37), each from its shipped weights (--init), 4 epochs at
# lr 3e-4 as session 34's fine-tune; graphs built once (the second run reuses the first's).
# In /work/runs/s38, after `polyrl dataset import --labels /work/main/datasets/labels --store
# labels.sqlite --corpus labels-corpus`. Nothing timing beside it.
set -eu
cd /work/runs/s38
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms-tuned.pt \
  --out F38-tuned.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F38-tuned.log 2>&1
cp F38-tuned.graphs.pt F38-forms.graphs.pt
$P/polyrl pretrain --store labels.sqlite --corpus labels-corpus --machine "AMD EPYC" --init $W/costmodel-forms.pt \
  --out F38-forms.pt --epochs 4 --lr 3e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F38-forms.log 2>&1
for m in F38-tuned F38-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
