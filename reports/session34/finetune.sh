#!/usr/bin/env bash
# session 34: session 32's forms cost model (C32-207) taught this session's labels (g116, g117: the
# imperfect-nest programs) with `polyrl pretrain --init`: its best weights, target scaling and
# program split (the new programs dealt by seed 0), 4 epochs at lr 3e-4. Run in /work/runs/s34.
# Its graphs: a hard link to C32-207's cache, so that only the new programs' graphs are built.
set -eu
ln -f /work/runs/s32/C32-207.graphs.pt C34-forms.graphs.pt
/work/main/.venv/bin/polyrl pretrain --store labels.sqlite --corpus /work/runs/s32/labels-corpus --corpus g116 \
  --corpus g117 --machine "model 207" --init /work/runs/s32/C32-207.pt --out C34-forms.pt --epochs 4 --lr 3e-4 \
  --workers 2 --rank-weight 3 --seed 0 > pretrain-C34-forms.log 2>&1
