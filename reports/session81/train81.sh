#!/usr/bin/env bash
# session 81: decide81.md's F81 = the Zen 5 forms models F67 (costmodel-forms-amd-zen5.pt,
# costmodel-forms-tuned-amd-zen5.pt) taught, by session 65's recipe (3 epochs, lr 1e-4, rank weight 3, seed 0), this
# Zen 5's training seeds 331 (MEDIUM sizes, read_order and edges) and 333 (MEDIUM sizes, default weights), its first
# labels of code generation 1. `pretrain --init` adds the columns these labels make vary (record_seen, scaled since
# session 80). Held out: every even seed.
#   bash reports/session81/train81.sh      # files F81-* in /work/runs/s81
S=/work/runs/s81 M=F81 SHARDS="s81-g331 s81-g333" exec bash "$(dirname "$0")/../session65/train65.sh"
