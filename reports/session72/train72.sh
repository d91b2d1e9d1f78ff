#!/usr/bin/env bash
# session 72: decide72b.md's I72 = the AMD Zen 5 forms files (F67: costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 46's recipe),
# every verified label of this Intel Xeon (family 6 model 167) in the label set but held-out seed 302's: seeds 103-108
# (sessions 22-28) and training seed 303 (label72train.sh). Nothing else running.
#   bash reports/session72/train72.sh      # files I72-* in /work/runs/s72
set -eu
S=/work/runs/s72
KEY="Intel(R) Xeon(R) Processor x2 (family 6 model 167 stepping 1, L1d 48K L2 2048K L3 491520K)"
source "$(dirname "$0")/../session46/configs46.sh"   # P W R; cd $S
mkdir -p shards72
for s in s22-g103 s23-g104 s24-g104 s26-g104 s27-g106 s27b-g106 s28-g106 s28-g108 s72-g303; do
  ln -sf /work/main/datasets/labels/$s-*.parquet shards72/
done
[ -f new72.sqlite ] || $P/polyrl dataset import --labels shards72 --store new72.sqlite --corpus new72-corpus > import72.log 2>&1
$P/polyrl pretrain --store new72.sqlite --corpus new72-corpus --machine "$KEY" --init $W/costmodel-forms-tuned-amd-zen5.pt \
  --out I72-tuned.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-I72-tuned.log 2>&1
[ -f I72-forms.graphs.pt ] || cp I72-tuned.graphs.pt I72-forms.graphs.pt
$P/polyrl pretrain --store new72.sqlite --corpus new72-corpus --machine "$KEY" --init $W/costmodel-forms-amd-zen5.pt \
  --out I72-forms.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-I72-forms.log 2>&1
for m in I72-tuned I72-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
