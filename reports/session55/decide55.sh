#!/usr/bin/env bash
# session 55's rule, written (and committed) before held-out seeds 220 and 222 are generated or anything is decided
# with MACROS_VERSION 16:
#
#   MACROS_VERSION 16 (polyrl.poly.macros._expansions, _outer_band): each non-affine profile also plans the program
#   with every scalar that can be expanded expanded (E), each expanded branch tiled by its two outer loops first with
#   the tile loop that can run in parallel outermost, and takes that plan where it runs FUSION_GAIN (a tenth) more of
#   the statement instances under a parallel loop. It changes the macro schedules of no program without a scalar
#   temporary (the generator wrote none before this session; its reductions to a scalar cannot be expanded): the
#   generator's new scalar-temp pattern (off by default) writes them, and the two fresh sets weight it:
#     ship55 = the shipped pipeline (F52 blended with F54, as this Zen 5 asks them) with MACROS_VERSION 15
#     (old_macros.py); mix55 = the same models with MACROS_VERSION 16.
#   Sets (four): h220 (fresh: seed 220, 200 programs at scale 16 with scalar_temp=3 beside the default weights, its
#   first 40 estimated at 10-300 ms), h222 (fresh: seed 222 at scale 128, scalar_temp=3, its first 40 at 300-3000 ms),
#   and session 54's fresh h216 and h218 (no scalar temporaries: expected unchanged).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship55, mix55) in one store per set, nothing else running; a program decided alike counts 1.
#   mix55 ships (MACROS_VERSION 16 stays) if the product of the four set geomeans (mix55 / ship55) is at least 1.02,
#   h220's and h222's geomeans are each at least 1.00, and no set is below 0.98. Otherwise the macros go back to
#   MACROS_VERSION 15 (the pattern stays: it changes no seed's programs where its weight is 0).
#
#   bash decide55.sh            # generate h220 and h222, decide, then measure
#   bash decide55.sh measure    # measure only
set -u
S=/work/runs/s55
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt+$W/costmodel-forms-amd-zen5.pt,$W/costmodel-forms-tuned-amd.pt+$W/costmodel-forms-tuned-amd-zen5.pt"
if [ "${1:-}" != measure ]; then
  [ -d g220 ] || $P/polyrl generate --count 200 --seed 220 --scale 16 --weights scalar_temp=3 --out g220 > gen220.log
  [ -d h220 ] || $P/python $R/session41/fresh_set.py g220 h220 40
  [ -d g222 ] || $P/polyrl generate --count 200 --seed 222 --scale 128 --weights scalar_temp=3 --out g222 > gen222.log
  [ -d h222 ] || $P/python $R/session41/fresh_set.py g222 h222 40 300 3000
fi
O=/work/runs/s54
SETS="$S/h220 $S/h222 $O/h216 $O/h218" \
  S=$S TAG=55 REPORT=$R/session55 BASE=$SHIP NEW=$SHIP BASE_EVAL=$R/session55/old_macros.py \
  exec bash $R/session46/decide46.sh "$@"
