#!/usr/bin/env bash
# session 58's rule, written (and committed) before the pick's sampled candidates were decided on anything and before
# held-out seeds 246, 248 and 250 are generated:
#
#   Of PolyBench MEDIUM's search winners (bench s58-medium), 19 of 30 are none of the macro pick's candidates: they
#   are the policy's own samples, which the one-shot pipeline never weighs. samp58 adds to the pick's candidates
#   PICK_SAMPLES=8 distinct schedules sampled from the policy (seed 0, the temperature rising on repeats as in the
#   search), weighed by the same two models with the same rule (each must predict the candidate 1.25x faster than
#   the checked schedule).
#     ship58 = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them);
#     samp58 = the same with the 8 samples among the pick's candidates (decide46.sh names its files mix58).
#   Sets (nine): h246 (fresh: seed 246 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at
#   0.05-5 ms: PolyBench MEDIUM's sizes), h248 (fresh: seed 248 at scale 0.05 with the matrix-vector weights, the
#   same sizes), h250 (fresh: seed 250 at scale 128, default weights, its first 40 at 300-3000 ms), session 57's
#   h240, h242, h244, session 56's h236, session 53's MEDIUM-dimension h198 and h206.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship58, samp58) in one store per set, nothing else running; a program decided alike counts 1.
#   samp58 ships (PICK_SAMPLES becomes 8 in polyrl.search.policy) if the product of the nine set geomeans
#   (samp58 / ship58) is at least 1.02, no set is below 0.97 and h246, h248 and h250 are each at least 0.99.
#   Otherwise nothing changes. The inference times of both are reported beside it.
#
#   bash decide58.sh            # generate h246, h248 and h250, decide, then measure
#   bash decide58.sh measure    # measure only
set -u
S=/work/runs/s58
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 246 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 248 0.05 0.05 5
  fresh 250 128 300 3000
fi
Q57=/work/runs/s57 Q56=/work/runs/s56 Q53=/work/runs/s53
SETS="$S/h246 $S/h248 $S/h250 $Q57/h240 $Q57/h242 $Q57/h244 $Q56/h236 $Q53/h198 $Q53/h206" \
  S=$S TAG=58 REPORT=$R/session58 BASE=$ZEN5_SHIP NEW="$ZEN5_SHIP:samples=8" \
  exec bash $R/session46/decide46.sh "$@"
