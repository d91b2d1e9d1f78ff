#!/usr/bin/env bash
# session 65: F65 = the shipped AMD Zen 5 forms fine-tunes F56 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 46's recipe),
# the AMD labels of training seeds no model has seen: Zen 5 233-259 (sessions 57-60; MEDIUM sizes, scale 128,
# matrix-vector shapes, contractions at scale 32, the pipeline's candidates) and Zen 3 277, 279, 281 (session 64).
# Held out (not imported): Zen 5 261-267 and Zen 3 269-275, the eight sets decide65.md replays.
# Only those shards are imported; from F56's weights, what it learned of the rest stays in it.
#   bash reports/session65/train65.sh      # files F65-* in /work/runs/s65
# Session 67's train67.sh runs the same recipe for F67 with its own run folder, name and shards (S, M, SHARDS);
# session 78's train78.sh with SEED=1 for --seed 0; session 80's train80.sh starts from other models
# (INIT_TUNED, INIT_FORMS: default the Zen 5 files named below).
set -eu
S=${S:-/work/runs/s65}
M=${M:-F65}  # the fine-tune: files $M-*, and shards$n, new$n.sqlite, new$n-corpus, import$n.log with n=${M#F}
SHARDS=${SHARDS:-"s57-g233 s57-g235 s57-g237 s57-g239 s57-g241 s58-g243 s58-g245 s58-g247 s59-g249 s59-g253 s59-g255
  s60-g251 s60-g251b s60-g257 s60-g259 s64-g277 s64-g279 s64-g281"}
n=${M#F}
source "$(dirname "$0")/../session46/configs46.sh"   # P W R; cd $S
mkdir -p shards$n
for s in $SHARDS; do
  ln -sf /work/main/datasets/labels/$s-*.parquet shards$n/
done
[ -f new$n.sqlite ] || $P/polyrl dataset import --labels shards$n --store new$n.sqlite --corpus new$n-corpus > import$n.log 2>&1
$P/polyrl pretrain --store new$n.sqlite --corpus new$n-corpus --machine "AMD EPYC" --init ${INIT_TUNED:-$W/costmodel-forms-tuned-amd-zen5.pt} \
  --out $M-tuned.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed ${SEED:-0} > pretrain-$M-tuned.log 2>&1
[ -f $M-forms.graphs.pt ] || cp $M-tuned.graphs.pt $M-forms.graphs.pt
$P/polyrl pretrain --store new$n.sqlite --corpus new$n-corpus --machine "AMD EPYC" --init ${INIT_FORMS:-$W/costmodel-forms-amd-zen5.pt} \
  --out $M-forms.pt --epochs 3 --lr 1e-4 --workers 2 --rank-weight 3 --seed ${SEED:-0} > pretrain-$M-forms.log 2>&1
for m in $M-tuned $M-forms; do
  $P/python -c "from polyrl.model.costmodel import export_costmodel; export_costmodel('$m.pt', '$m-export.pt')"
done
echo trained
