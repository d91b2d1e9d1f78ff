#!/usr/bin/env bash
# session 76: Z76 = the shipped second AMD forms fine-tunes F67 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 65's
# train65.sh recipe), the Zen 1 labels of training seeds 311 and 313 (MEDIUM, session 74) and 315 (150 programs at
# scale 128, this session), all measured on this AMD EPYC family 23 model 1. Held out (not imported): seeds 314, 316,
# 318 and 320, the sets decide76.md replays.
#   bash reports/session76/train76.sh      # files Z76-* in /work/runs/s76
S=/work/runs/s76 M=Z76 SHARDS="s74-g311 s74-g313 s76-g315" exec bash "$(dirname "$0")/../session65/train65.sh"
