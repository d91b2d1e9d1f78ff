#!/usr/bin/env bash
# session 61's rule, written (and committed) before held-out seeds 282, 284 and 286 are generated.
#   Four pick rules since session 56 were refused on single programs of scale-128 sets, and the exact replays on
# labels (session 60's pick-replay60.txt; this session's stack-replay.txt: a per-kind calibration of the pick models,
# trained leave-one-seed-out over seven seeds, gains 1.2% over the shipped rule where margin 1.0 gains 1.8%) say the
# pick's models rank its candidates as well as they can. The other half of the one-shot pipeline has not changed since
# session 25: the policy network p11 (distilled from 1,078 programs of an Intel Xeon). distill61.sh distils it
# toward the fastest verified schedule of every program this Zen 5 labelled (expert iteration round p13).
#     ship61 = the shipped pipeline (p11; F52 blended with F56, as this Zen 5 asks them; margin 1.25);
#     p13    = the same pipeline with p13 in place of p11 (decide46.sh names its files mix61).
#   Sets (nine, three of each kind; a new network changes most decisions, so each set measures about 40 programs
#   three ways): h282 (fresh: seed 282 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at
#   0.05-5 ms), h284 (fresh: seed 284 at scale 0.05 with the matrix-vector weights, the same sizes), h286 (fresh: seed
#   286 at scale 128, default weights, its first 40 at 300-3000 ms), and session 60's six of the same kinds (h276, h278,
#   h280, h270, h272, h274).
#   p13 ships if the product of the nine set geomeans (p13 / ship61) is at least 1.02, no set is below 0.97 and
#   h282, h284 and h286 are each at least 0.99. Otherwise nothing changes.
#
#   bash decide61.sh            # generate h282, h284 and h286, decide, then measure
#   bash decide61.sh measure    # measure only
set -u
S=/work/runs/s61
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 282 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 284 0.05 0.05 5
  fresh 286 128 300 3000
fi
Q60=/work/runs/s60
SETS="$S/h282 $S/h284 $S/h286 $Q60/h276 $Q60/h278 $Q60/h280 $Q60/h270 $Q60/h272 $Q60/h274" \
  S=$S TAG=61 REPORT=$R/session61 BASE=$ZEN5_SHIP NEW="$ZEN5_SHIP@$S/p13.pt" NEW_EVAL=$R/session61/pipeline_eval61.py \
  exec bash $R/session46/decide46.sh "$@"
