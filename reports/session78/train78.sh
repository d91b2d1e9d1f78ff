#!/usr/bin/env bash
# session 78: Z78 = Z76's fine-tune again with another seed: the shipped second AMD forms fine-tunes F67
# (costmodel-forms-amd-zen5.pt, costmodel-forms-tuned-amd-zen5.pt) taught, by session 65's recipe (3 epochs, lr 1e-4,
# rank weight 3) but with --seed 1 in place of 0, exactly Z76's labels: Zen 1 training seeds 311, 313 (MEDIUM) and
# 315 (scale 128). Held out: every even seed. It measures the recipe's own spread (Z78 against Z76) and is the second
# member of decide78.md's variant (b), Z76 blended with Z78. Z76's graph cache may be copied in first as
# Z78-tuned.graphs.pt (the graphs do not depend on the seed).
#   bash reports/session78/train78.sh      # files Z78-* in /work/runs/s78
S=/work/runs/s78 M=Z78 SHARDS="s74-g311 s74-g313 s76-g315" SEED=1 \
  exec bash "$(dirname "$0")/../session65/train65.sh"
