#!/usr/bin/env bash
# session 60's second rule, written (and committed) after pick_replay60.py and before held-out seeds 276, 278 and 280
# are generated.
#   decide60 (F52+F60 in the pick, margin 1.0) was refused on fresh h274 (0.910). The exact replays on labels held
# out from every model (pick-replay60.txt: seed 257 at MEDIUM's sizes, seed 251's 150 programs at scale 128) show
# that its gain is the margin's, not F60's: the shipped models with margin 1.0 gained 2.5%, 3.9% and 3.3% over the
# shipped pick, F60 1.7%, 5.6% and 1.5% (its worst program 0.49x at scale 128), all four together 2.8%, 3.3% and
# 3.2%; on session 59's replays (seeds 243, 245, 247, 249) the shipped models with margin 1.0 gained 1.7%, 1.5%, 1.4%
# and 0.5%: seven of seven seeds. Session 56 refused margin 1.1 (product 1.122 over 23 sets, two sets at 0.967 and
# 0.971 from one program each); this rule asks margin 1.0 on this machine's sets.
#     ship60b = the shipped pipeline (F52 blended with F56, as this Zen 5 asks them, margin 1.25);
#     m60b    = the same models, the macro pick taking its argmin wherever each predicts any gain (margin 1.0)
#               (decide46.sh names its files mix60b).
#   Sets (fifteen): h276 (fresh: seed 276 at scale 0.05 with contraction=2,imperfect=1, its first 40 estimated at
#   0.05-5 ms), h278 (fresh: seed 278 at scale 0.05 with the matrix-vector weights, the same sizes), h280 (fresh: seed
#   280 at scale 128, default weights, its first 40 at 300-3000 ms), session 60's h270, h272, h274, session 59's h264,
#   h266, h268, session 57's h240, h242, h244, session 56's h236, session 53's h198 and h206.
#   m60b ships (on AMD, the pick's margin) if the product of the fifteen set geomeans (m60b / ship60b) is at least
#   1.02, no set is below 0.97 and h276, h278 and h280 are each at least 0.99. Otherwise nothing changes.
#
#   bash decide60b.sh            # generate h276, h278 and h280, decide, then measure
#   bash decide60b.sh measure    # measure only
set -u
S=/work/runs/s60
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R ZEN5_SHIP MATVEC_WEIGHTS fresh; cd $S
if [ "${1:-}" != measure ]; then
  WEIGHTS=contraction=2,imperfect=1 fresh 276 0.05 0.05 5
  WEIGHTS=$MATVEC_WEIGHTS fresh 278 0.05 0.05 5
  fresh 280 128 300 3000
fi
Q59=/work/runs/s59 Q57=/work/runs/s57 Q56=/work/runs/s56 Q53=/work/runs/s53
SETS="$S/h276 $S/h278 $S/h280 $S/h270 $S/h272 $S/h274 $Q59/h264 $Q59/h266 $Q59/h268 $Q57/h240 $Q57/h242 $Q57/h244 \
$Q56/h236 $Q53/h198 $Q53/h206" \
  S=$S TAG=60b REPORT=$R/session60 BASE=$ZEN5_SHIP NEW="$ZEN5_SHIP:margin=1.0" \
  exec bash $R/session46/decide46.sh "$@"
