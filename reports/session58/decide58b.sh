#!/usr/bin/env bash
# session 58's second rule, written (and committed) after train58.sh and pick_top1.py (F58L's pick argmin, blended
# with F52, reached 0.887 and 0.904 of the best labelled schedule's time on unseen seeds 239 and 241, against 0.876
# and 0.895 for the shipped blend and 0.879 and 0.893 for the control F58R), before held-out seeds 252, 254 and 256
# are generated:
#
#   ship58b = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#   list58b = the same with F58L (F52 taught every Zen 5 label up to seed 237 with F56's recipe and a listwise
#             loss, train58.sh) in place of F56 in both blends (decide46.sh names its files mix58b).
#   Sets (ten): h252 (fresh: seed 252 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at
#   0.05-5 ms), h254 (fresh: seed 254 at scale 128, 300-3000 ms), h256 (fresh: seed 256 at scale 0.05 with the
#   matrix-vector weights, 0.05-5 ms), decide58.sh's h246, h248, h250 (ruled on another question), session 57's
#   h240, h242, h244, session 56's h236.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship58b, list58b) in one store per set, nothing else running; a program decided alike counts 1.
#   list58b ships (F58L's exports become costmodel-forms{,-tuned}-amd-zen5.pt) if the product of the ten set
#   geomeans is at least 1.02, no set is below 0.97 and h252, h254 and h256 are each at least 0.99.
#   Otherwise nothing changes.
#
#   bash decide58b.sh            # generate h252, h254 and h256, decide, then measure
#   bash decide58b.sh measure    # measure only
set -u
S=/work/runs/s58
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
NEW="$W/costmodel-forms-amd.pt+$S/F58L-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F58L-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 252 0.05 0.05 5
  fresh 254 128 300 3000
  WEIGHTS=$MATVEC_WEIGHTS fresh 256 0.05 0.05 5
fi
Q57=/work/runs/s57 Q56=/work/runs/s56
SETS="$S/h252 $S/h254 $S/h256 $S/h246 $S/h248 $S/h250 $Q57/h240 $Q57/h242 $Q57/h244 $Q56/h236" \
  S=$S TAG=58b REPORT=$R/session58 BASE=$ZEN5_SHIP NEW=$NEW \
  exec bash $R/session46/decide46.sh "$@"
