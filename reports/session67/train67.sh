#!/usr/bin/env bash
# session 67: F67 = the shipped AMD Zen 5 forms fine-tunes F65 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, for 3 more epochs at lr 1e-4 (rank weight 3, seed 0: session 46's recipe,
# session 65's train65.sh, run here with this session's folder, name and shards), the Zen 3 labels of seeds no model
# has seen: 283 and 287 (MEDIUM's sizes) and 285 (scale 128, 5 runs a label), sessions 66-67; each program's 8 policy
# samples among them. Held out (not imported): Zen 5 261-267, Zen 3 269-275 and 288, the sets decide67-F67.md replays.
#   bash reports/session67/train67.sh      # files F67-* in /work/runs/s67
S=/work/runs/s67 M=F67 SHARDS="s66-g283 s66-g285 s66-g287" exec bash "$(dirname "$0")/../session65/train65.sh"
