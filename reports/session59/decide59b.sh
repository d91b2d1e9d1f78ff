#!/usr/bin/env bash
# session 59's second rule, written (and committed) after pick_replay.py and before held-out seeds 264, 266 and 268
# are generated:
#
#   On the labels of what the pipeline weighs (pick_replay.py, pick-replay.txt) F59 in the pick with margin 1.0 and no
#   samples chose 2.4% better than the shipped pick on seed 249 (held out from F59), 2.6%, 1.9% and 3.1% on 243, 245
#   and 247 (in its training); every rule with samples lost on the scale-128 seed 245, as decide59.sh lost on h240.
#     ship59b = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#     f59p    = the same, but the macro pick asks F52 blended with F59 and takes its argmin wherever each predicts any
#               gain (margin 1.0); the check and its form check keep the shipped models (decide46.sh names its files
#               mix59b).
#   Sets (nine): h264 (fresh: seed 264 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at 0.05-5
#   ms), h266 (fresh: seed 266 at scale 0.05 with the matrix-vector weights, the same sizes), h268 (fresh: seed 268
#   at scale 128, default weights, its first 40 at 300-3000 ms), session 57's h240, h242, h244, session 56's h236,
#   session 53's h198 and h206.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship59b, f59p) in one store per set, nothing else running; a program decided alike counts 1.
#   f59p ships (on AMD Zen 5, the pick's models and margin) if the product of the nine set geomeans (f59p / ship59b)
#   is at least 1.02, no set is below 0.97 and h264, h266 and h268 are each at least 0.99. Otherwise nothing changes.
#
#   bash decide59b.sh            # generate h264, h266 and h268, decide, then measure
#   bash decide59b.sh measure    # measure only
set -u
S=/work/runs/s59
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 264 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 266 0.05 0.05 5
  fresh 268 128 300 3000
fi
F59="$W/costmodel-forms-amd.pt+$S/F59-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F59-tuned-export.pt"
Q57=/work/runs/s57 Q56=/work/runs/s56 Q53=/work/runs/s53
SETS="$S/h264 $S/h266 $S/h268 $Q57/h240 $Q57/h242 $Q57/h244 $Q56/h236 $Q53/h198 $Q53/h206" \
  S=$S TAG=59b REPORT=$R/session59 BASE=$ZEN5_SHIP NEW="$F59:margin=1.0:pickonly" \
  exec bash $R/session46/decide46.sh "$@"
