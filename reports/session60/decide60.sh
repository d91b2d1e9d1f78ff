#!/usr/bin/env bash
# session 60's rule, written (and committed) after train60.sh started and before held-out seeds 270, 272 and 274 are
# generated. Session 59's decide59b (F52 blended with F59 in the macro pick only, margin 1.0, no samples) won a
# product of 1.140 over nine sets and failed only the fresh scale-128 set's floor (h268 0.987 against 0.99); F60 is
# F59's recipe also taught seeds 249, 253 and 255 (9,049 labels of the pipeline's candidates at MEDIUM's sizes).
#     ship60 = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#     f60p   = the same, but the macro pick asks F52 blended with F60 and takes its argmin wherever each predicts any
#              gain (margin 1.0); the check and its form check keep the shipped models (decide46.sh names its files
#              mix60).
#   Sets (twelve): h270 (fresh: seed 270 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at
#   0.05-5 ms), h272 (fresh: seed 272 at scale 0.05 with the matrix-vector weights, the same sizes), h274 (fresh: seed
#   274 at scale 128, default weights, its first 40 at 300-3000 ms), session 59's h264, h266, h268, session 57's h240,
#   h242, h244, session 56's h236, session 53's h198 and h206.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship60, f60p) in one store per set, nothing else running; a program decided alike counts 1.
#   f60p ships (on AMD, the pick's models and margin) if the product of the twelve set geomeans (f60p / ship60) is at
#   least 1.02, no set is below 0.97 and h270, h272 and h274 are each at least 0.99. Otherwise nothing changes.
#
#   bash decide60.sh            # generate h270, h272 and h274, decide, then measure
#   bash decide60.sh measure    # measure only
set -u
S=/work/runs/s60
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 270 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 272 0.05 0.05 5
  fresh 274 128 300 3000
fi
F60="$W/costmodel-forms-amd.pt+$S/F60-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F60-tuned-export.pt"
Q59=/work/runs/s59 Q57=/work/runs/s57 Q56=/work/runs/s56 Q53=/work/runs/s53
SETS="$S/h270 $S/h272 $S/h274 $Q59/h264 $Q59/h266 $Q59/h268 $Q57/h240 $Q57/h242 $Q57/h244 $Q56/h236 $Q53/h198 $Q53/h206" \
  S=$S TAG=60 REPORT=$R/session60 BASE=$ZEN5_SHIP NEW="$F60:margin=1.0:pickonly" \
  exec bash $R/session46/decide46.sh "$@"
