#!/usr/bin/env bash
# session 67: F67 = the shipped AMD Zen 5 forms fine-tunes F65 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 46's recipe,
# as train65.sh), the Zen 3 labels of seeds no model has seen: 283 and 287 (MEDIUM's sizes) and 285 (scale 128, 5 runs
# a label), sessions 66-67; each program's 8 policy samples among them. Held out (not imported): Zen 5 261-267, Zen 3
# 269-275 and 288, the sets decide67-F67.md replays.
#   bash reports/session67/train67.sh      # files F67-* in /work/runs/s67
set -eu
S=/work/runs/s67
source "$(dirname "$0")/../session46/configs46.sh"   # P W R; cd $S
mkdir -p shards67
for s in s66-g283 s66-g285 s66-g287; do
  ln -sf /work/main/datasets/labels/$s-*.parquet shards67/
done
[ -f new67.sqlite ] || $P/polyrl dataset import --labels shards67 --store new67.sqlite --corpus new67-corpus > import67.log 2>&1
$P/polyrl pretrain --store new67.sqlite --corpus new67-corpus --machine "AMD EPYC" --init $W/costmodel-forms-tuned-amd-zen5.pt \
  --out F67-tuned.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F67-tuned.log 2>&1
[ -f F67-forms.graphs.pt ] || cp F67-tuned.graphs.pt F67-forms.graphs.pt
$P/polyrl pretrain --store new67.sqlite --corpus new67-corpus --machine "AMD EPYC" --init $W/costmodel-forms-amd-zen5.pt \
  --out F67-forms.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 0 > pretrain-F67-forms.log 2>&1
for m in F67-tuned F67-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
