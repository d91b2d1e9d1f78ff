#!/usr/bin/env bash
# session 59's rule, written (and committed) before F59 is decided on anything and before held-out seeds 258, 260 and
# 262 are generated:
#
#   19 of PolyBench MEDIUM's 30 search winners are the policy's own samples, which the one-shot pipeline never weighs.
#   Weighing 8 of them with the shipped models lost (decide58.sh: over-predictions on schedules the models had never
#   been taught). F59 (train59.sh) is taught 8,303 labels of the pipeline's own candidates with the policy's samples
#   among them (seeds 243, 245, 247) besides every earlier Zen 5 label.
#     ship59 = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#     f59s8  = F52 blended with F59, with PICK_SAMPLES=8 samples among the pick's candidates (decide46.sh names its
#              files mix59).
#   Sets (nine): h258 (fresh: seed 258 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at 0.05-5
#   ms: PolyBench MEDIUM's sizes), h260 (fresh: seed 260 at scale 0.05 with the matrix-vector weights, the same
#   sizes), h262 (fresh: seed 262 at scale 128, default weights, its first 40 at 300-3000 ms), session 57's h240, h242,
#   h244, session 56's h236, session 53's MEDIUM-dimension h198 and h206.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship59, f59s8) in one store per set, nothing else running; a program decided alike counts 1.
#   f59s8 ships (F59's two files become the Zen 5 forms models, PICK_SAMPLES becomes 8) if the product of the nine
#   set geomeans (f59s8 / ship59) is at least 1.02, no set is below 0.97 and h258, h260 and h262 are each at least
#   0.99. Otherwise nothing changes. The inference times of both are reported beside it.
#
#   bash decide59.sh            # generate h258, h260 and h262, decide, then measure
#   bash decide59.sh measure    # measure only
set -u
S=/work/runs/s59
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 258 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 260 0.05 0.05 5
  fresh 262 128 300 3000
fi
F59="$W/costmodel-forms-amd.pt+$S/F59-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F59-tuned-export.pt"
Q57=/work/runs/s57 Q56=/work/runs/s56 Q53=/work/runs/s53
SETS="$S/h258 $S/h260 $S/h262 $Q57/h240 $Q57/h242 $Q57/h244 $Q56/h236 $Q53/h198 $Q53/h206" \
  S=$S TAG=59 REPORT=$R/session59 BASE=$ZEN5_SHIP NEW="$F59:samples=8" \
  exec bash $R/session46/decide46.sh "$@"
