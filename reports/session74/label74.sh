#!/usr/bin/env bash
# session 74: session 72's label72train.sh on this AMD EPYC (family 23 model 1, Zen 1): training seed 311 (SEED=313
# for the second), 200 programs at PolyBench MEDIUM's sizes, each program's checked schedule, the macro pick's
# candidates and 8 of the policy's samples, measured with 3 runs each, exported as a shard.
#   bash reports/session74/label74.sh list      # nothing timed; resumes; PART=K/N lists one part
#   bash reports/session74/label74.sh measure   # nothing else running; then export a shard
seed=${SEED:-311}
S=/work/runs/s74 SEED=$seed NAME=s74-g$seed-medium-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
