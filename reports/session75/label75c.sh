#!/usr/bin/env bash
# session 75: decide75c.md's cache-bound check on this AMD EPYC (family 23 model 1, Zen 1): held-out seed 318, 50
# programs at scale 128 (the generator's default weights, as session 62's scale-128 sets), generated here first, then
# session 72's label72train.sh lists (the shipped pipeline's checked schedule, the macro pick's candidates, 8 policy
# samples) and measures them (3 runs each, every schedule verified), and exports a shard.
#   bash reports/session75/label75c.sh list      # nothing timed; PART=K/N lists one part
#   bash reports/session75/label75c.sh measure   # nothing else running
S=/work/runs/s75
S=$S SEED=318 COUNT=50 GENERATE="--scale 128" NAME=s75-g318-scale128-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
