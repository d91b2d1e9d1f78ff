#!/usr/bin/env bash
# session 75: session 72's label72train.sh on this AMD EPYC (family 23 model 1, Zen 1): held-out seed 314 (SEED=...
# for others), 200 programs at PolyBench MEDIUM's sizes, each program's checked schedule, the macro pick's candidates
# and 8 of the policy's samples, measured with 3 runs each, exported as a shard.
#   bash reports/session75/label75.sh list      # nothing timed; resumes; PART=K/N lists one part
#   bash reports/session75/label75.sh measure   # nothing else running; then export a shard
seed=${SEED:-314}
S=/work/runs/s75 SEED=$seed NAME=s75-g$seed-medium-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
