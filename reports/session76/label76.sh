#!/usr/bin/env bash
# session 76: scale-128 programs on this AMD EPYC (family 23 model 1, Zen 1), as session 75's label75c.sh: SEED (315,
# training; 320, held out) with COUNT programs at scale 128 (the generator's default weights), generated first, then
# session 72's label72train.sh lists (the shipped pipeline's checked schedule, the macro pick's candidates, 8 policy
# samples) and measures them (3 runs each, every schedule verified), and exports a shard.
#   SEED=315 COUNT=150 bash reports/session76/label76.sh list      # nothing timed; PART=K/N lists one part
#   SEED=315 COUNT=150 bash reports/session76/label76.sh measure   # nothing else running
set -u
S=/work/runs/s76
seed=${SEED:?SEED=...}
S=$S SEED=$seed COUNT=${COUNT:-50} GENERATE="--scale 128" NAME=s76-g$seed-scale128-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
