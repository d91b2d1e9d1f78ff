#!/usr/bin/env bash
# session 78: Z79 = F67 (the shipped second AMD forms fine-tunes, costmodel-forms-amd-zen5.pt and
# costmodel-forms-tuned-amd-zen5.pt) taught, by session 65's recipe (3 epochs, lr 1e-4, rank weight 3, seed 0), every
# default-weighted Zen 1 training label: seeds 311, 313 (MEDIUM), 315, 317 and 321 (scale 128). Left out: the
# stencil-weighted 319 and every even seed. decide78b.md's candidate.
#   bash reports/session78/train79.sh      # files Z79-* in /work/runs/s78
S=/work/runs/s78 M=Z79 SHARDS="s74-g311 s74-g313 s76-g315 s76-g317 s77-g321" \
  exec bash "$(dirname "$0")/../session65/train65.sh"
