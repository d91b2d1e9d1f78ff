#!/usr/bin/env bash
# session 78: fresh held-out sets (even seeds) of this AMD EPYC (family 23 model 1, Zen 1) for decide78.md, and
# training seeds (odd), listed and measured by session 72's label72train.sh (the shipped pipeline's checked schedule,
# the macro pick's candidates and 8 policy samples; 3 runs each, every schedule verified; a shard exported):
#   KIND=cache  SEED=326 COUNT=50  bash reports/session78/label78.sh list|measure  # scale 128, default weights
#   KIND=medium SEED=328 COUNT=120 bash reports/session78/label78.sh list|measure  # MEDIUM sizes, as seeds 314, 316
# PART=K/N lists one part (N processes side by side); `measure` wants nothing else running.
set -u
S=/work/runs/s78
seed=${SEED:?SEED=...} count=${COUNT:-50} kind=${KIND:?KIND=cache or medium}
mkdir -p $S
case $kind in
  cache)  flags="--scale 128" name=s78-g$seed-scale128-pick-samples-epyc23m1 ;;
  # label72train.sh's own MEDIUM corpus (it would generate 200)
  medium) flags="--scale 0.05 --weights contraction=2,imperfect=1,ops=0.15" name=s78-g$seed-medium-pick-samples-epyc23m1 ;;
  *) echo "KIND must be cache or medium" >&2; exit 2 ;;
esac
# generated into a folder of this process's own, then moved into place (parts listed side by side)
[ -d $S/g$seed ] || { /work/main/.venv/bin/polyrl generate --count $count --seed $seed $flags --out $S/g$seed.$$ \
  > $S/gen$seed.log && mv -T $S/g$seed.$$ $S/g$seed 2> /dev/null || rm -rf $S/g$seed.$$; }
S=$S SEED=$seed NAME=$name exec bash "$(dirname "$0")/../session72/label72train.sh" "$@"
