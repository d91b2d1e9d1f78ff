#!/usr/bin/env bash
# session 80: decide80.md's Z80 = the shipped Zen 1 forms models Z76 (costmodel-forms-amd-zen1.pt,
# costmodel-forms-tuned-amd-zen1.pt) taught, by session 65's recipe (3 epochs, lr 1e-4, rank weight 3, seed 0), the
# Zen 1 training seeds no model has seen: 323 (scale 128, default weights) and 325, 327 (MEDIUM sizes with read_order
# and edges, label80.sh KIND=edges). `pretrain --init` adds the columns these labels make vary (record_seen).
# Held out: every even seed.
#   bash reports/session80/train80.sh      # files Z80-* in /work/runs/s80
W=/work/main/polyrl/model/weights
S=/work/runs/s80 M=Z80 SHARDS="s78-g323 s79-g325 s80-g327" \
  INIT_FORMS=$W/costmodel-forms-amd-zen1.pt INIT_TUNED=$W/costmodel-forms-tuned-amd-zen1.pt \
  exec bash "$(dirname "$0")/../session65/train65.sh"
