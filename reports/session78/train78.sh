#!/usr/bin/env bash
# session 78: Z78 = Z76's fine-tune again with another seed: the shipped second AMD forms fine-tunes F67
# (costmodel-forms-amd-zen5.pt, costmodel-forms-tuned-amd-zen5.pt) taught, by session 65's recipe (3 epochs, lr 1e-4,
# rank weight 3) but with --seed 1 in place of 0, exactly Z76's labels: Zen 1 training seeds 311, 313 (MEDIUM) and
# 315 (scale 128). Held out: every even seed. It measures the recipe's own spread (Z78 against Z76) and is the second
# member of decide78.md's variant (b), Z76 blended with Z78.
#   bash reports/session78/train78.sh      # files Z78-* in /work/runs/s78
set -eu
S=/work/runs/s78 M=Z78 SHARDS="s74-g311 s74-g313 s76-g315"
n=${M#F}
source "$(dirname "$0")/../session46/configs46.sh"   # P W R; cd $S
mkdir -p shards$n
for s in $SHARDS; do
  ln -sf /work/main/datasets/labels/$s-*.parquet shards$n/
done
[ -f new$n.sqlite ] || $P/polyrl dataset import --labels shards$n --store new$n.sqlite --corpus new$n-corpus > import$n.log 2>&1
for pair in tuned:costmodel-forms-tuned-amd-zen5.pt forms:costmodel-forms-amd-zen5.pt; do
  m=$M-${pair%%:*}
  [ -f $M-forms.graphs.pt ] && [ ! -f $m.graphs.pt ] && cp $M-forms.graphs.pt $m.graphs.pt
  [ -f $M-tuned.graphs.pt ] && [ ! -f $m.graphs.pt ] && cp $M-tuned.graphs.pt $m.graphs.pt
  $P/polyrl pretrain --store new$n.sqlite --corpus new$n-corpus --machine "AMD EPYC" --init $W/${pair#*:} \
    --out $m.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed 1 > pretrain-$m.log 2>&1
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
