#!/usr/bin/env bash
# session 70: F70 = F67 (the shipped costmodel-forms-amd-zen5.pt and costmodel-forms-tuned-amd-zen5.pt) taught, by
# session 65's recipe (3 epochs at lr 1e-4, rank weight 3, seed 0), the Zen 3 labels of the training seeds 289
# (sessions 67-68), 291 and 295 (this session); decide70.md is the rule. Files F70-* in /work/runs/s70.
#   bash reports/session70/train70.sh
S=/work/runs/s70 M=F70 SHARDS=${SHARDS:-"s67-g289 s70-g291 s70-g295"} exec bash "$(dirname "$0")/../session65/train65.sh"
