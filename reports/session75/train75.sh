#!/usr/bin/env bash
# session 75: Z75 = the shipped second AMD forms fine-tunes F67 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 65's
# train65.sh recipe with this session's folder, name and shards), the Zen 1 labels of training seeds 311 and 313
# (session 74, this AMD EPYC family 23 model 1; 6,073 labels over 400 programs). Held out (not imported): seed 314,
# the set decide75.md replays.
#   bash reports/session75/train75.sh      # files Z75-* in /work/runs/s75
S=/work/runs/s75 M=Z75 SHARDS="s74-g311 s74-g313" exec bash "$(dirname "$0")/../session65/train65.sh"
