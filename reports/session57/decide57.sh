#!/usr/bin/env bash
# session 57's rule, written (and committed) before F57 is trained (train57.sh) and before held-out seeds 240 and 242
# are generated:
#
#   F56 (F52 taught every Zen 5 label, shipped in session 56, blended with F52) against F57 (F52 taught the same
#   labels and this session's: seeds 233 and 237 at PolyBench MEDIUM's sizes, 235 and 231 at scale 128; 8 epochs, not 3).
#     ship57 = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#     mix57 = the same with F57 in place of F56 in both blends.
#   Sets (fourteen): h240 (fresh: seed 240 at scale 128, default weights, its first 40 estimated at 300-3000 ms),
#   h242 (fresh: seed 242 at scale 0.05 with contraction=2,imperfect=1, as training seed 233, its first 40
#   estimated at 0.05-5 ms: PolyBench MEDIUM's sizes), h244 (fresh: seed 244 at scale 0.05 with training seed 237's
#   matrix-vector weights, its first 40 at 0.05-5 ms), session 56's h236, h238, h228, h230, h232, session 55's h220,
#   h224, session 54's h216, session 53's MEDIUM-dimension h198 and h206, and h161 (scale 128, contractions).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship57, mix57) in one store per set, nothing else running; a program decided alike counts 1.
#   mix57 ships if the product of the fourteen set geomeans (mix57 / ship57) is at least 1.02, no set is below 0.97
#   and h240, h242 and h244 are each at least 0.99: F57 replaces F56 as costmodel-forms{,-tuned}-amd-zen5.pt.
#   Otherwise nothing changes.
#
#   bash decide57.sh            # generate h240, h242 and h244, decide, then measure
#   bash decide57.sh measure    # measure only
set -u
S=/work/runs/s57
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
NEW="$W/costmodel-forms-amd.pt+$S/F57-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F57-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  fresh 240 128 300 3000
  WEIGHTS=contraction=2,imperfect=1 fresh 242 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 244 0.05 0.05 5
fi
Q56=/work/runs/s56 Q55=/work/runs/s55 Q54=/work/runs/s54 Q53=/work/runs/s53
SETS="$S/h240 $S/h242 $S/h244 $Q56/h236 $Q56/h238 $Q56/h228 $Q56/h230 $Q56/h232 $Q55/h220 $Q55/h224 $Q54/h216 $Q53/h198 $Q53/h206 $Q53/h161" \
  S=$S TAG=57 REPORT=$R/session57 BASE=$ZEN5_SHIP NEW=$NEW \
  exec bash $R/session46/decide46.sh "$@"
