#!/usr/bin/env bash
# session 77: Z77 = the shipped second AMD forms fine-tunes F67 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 65's
# train65.sh recipe), the Zen 1 labels of training seeds 311 and 313 (MEDIUM, session 74), 315 and 317 (scale 128,
# session 76) and 319 (scale 128, stencil-weighted, this session), all measured on this AMD EPYC family 23 model 1.
# Held out (not imported): seeds 314, 316, 318, 320 and 322, the sets decide77.md replays.
#   bash reports/session77/train77.sh      # files Z77-* in /work/runs/s77
S=/work/runs/s77 M=Z77 SHARDS="s74-g311 s74-g313 s76-g315 s76-g317 s77-g319" \
  exec bash "$(dirname "$0")/../session65/train65.sh"
