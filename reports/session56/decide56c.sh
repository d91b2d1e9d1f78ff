#!/usr/bin/env bash
# session 56's third rule, written (and committed) before F56 is trained (train56.sh) and before held-out seeds 236
# and 238 are generated:
#
#   F55 (F52 taught every Zen 5 label) lost on cache-bound programs alone (decide55b.sh) and blended with F52
#   (decide56.sh: h230 0.920x). F56 is F52 taught the same labels and 6,310 more: the scalar-temp pattern's (225, 227)
#   and 2,085 of seed 229 (scale 128, default weights, the kind of program h230 holds).
#     ship56c = the shipped pipeline (F52 blended with F54, as this Zen 5 asks them);
#     mix56c = the same with F56 in place of F54 in both blends.
#   Sets (eleven, the most recent): h236 (fresh: seed 236 at scale 128, default weights, its first 40 estimated at
#   300-3000 ms), h238 (fresh: seed 238 at scale 16, its first 40 at 10-300 ms), h228, h230, h232 (this session's),
#   h220, h222, h224, h226 (session 55's), h216, h218 (session 54's).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship56c, mix56c) in one store per set, nothing else running; a program decided alike counts 1.
#   mix56c ships if the product of the eleven set geomeans (mix56c / ship56c) is at least 1.02, no set is below 0.97
#   and h236, h238 and h230 are each at least 0.99: F56 replaces F54 as costmodel-forms{,-tuned}-amd-zen5.pt.
#   Otherwise nothing changes.
#
#   bash decide56c.sh            # generate h236 and h238, decide, then measure
#   bash decide56c.sh measure    # measure only
set -u
S=/work/runs/s56
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP=$ZEN5_SHIP
NEW="$W/costmodel-forms-amd.pt+$S/F56-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F56-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  fresh 236 128 300 3000
  fresh 238 16
fi
Q55=/work/runs/s55 O=/work/runs/s54
SETS="$S/h236 $S/h238 $S/h228 $S/h230 $S/h232 $Q55/h220 $Q55/h222 $Q55/h224 $Q55/h226 $O/h216 $O/h218" \
  S=$S TAG=56c REPORT=$R/session56 BASE=$SHIP NEW=$NEW \
  exec bash $R/session46/decide46.sh "$@"
