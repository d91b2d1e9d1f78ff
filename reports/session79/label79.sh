#!/usr/bin/env bash
# session 79: fresh held-out sets (even seeds) and training seeds (odd) of this AMD EPYC (family 23 model 1, Zen 1),
# listed and measured by session 72's label72train.sh (the shipped pipeline's checked schedule,
# the macro pick's candidates and 8 policy samples; 3 runs each, every schedule verified; a shard exported):
#   KIND=cache  SEED=326 COUNT=50  bash reports/session79/label79.sh list|measure  # scale 128, default weights
#   KIND=medium SEED=328 COUNT=120 bash reports/session79/label79.sh list|measure  # MEDIUM sizes, as seeds 314, 316
# PART=K/N lists one part (N processes side by side); `measure` wants nothing else running.
set -u
S=/work/runs/s79
seed=${SEED:?SEED=...} kind=${KIND:?KIND=cache or medium}
case $kind in
  cache)  generate="--scale 128" size=scale128 ;;
  medium) generate="" size=medium ;;  # label72train.sh's own MEDIUM corpus
  *) echo "KIND must be cache or medium" >&2; exit 2 ;;
esac
S=$S SEED=$seed COUNT=${COUNT:-50} GENERATE=$generate NAME=s79-g$seed-$size-pick-samples-epyc23m1 \
  exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
