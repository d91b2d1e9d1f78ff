#!/usr/bin/env bash
# session 56's second rule, written (and committed) before held-out seeds 232 and 234 are generated, before decide56.sh
# has measured anything, and before anything is decided with another margin:
#
#   The macro pick (Policy._macro_pick) takes a macro schedule only where both pick models predict it PICK_MARGIN
#   (1.25) times faster than the checked schedule; the margin was set in session 35 on a Xeon with other models and
#   never asked again. PolyBench's gaps between the one-shot policy and the search are mostly macro schedules the pick
#   leaves out. Asked, with the cost models as shipped after decide56.sh:
#     ship56b = the shipped pipeline (margin 1.25); mix56b = the same with the margin 1.1.
#   Sets (twenty-three): h232 (fresh: seed 232, 200 programs at scale 16, default weights, its first 40 estimated at
#   10-300 ms), h234 (fresh: seed 234 at scale 128, its first 40 at 300-3000 ms), decide56.sh's twenty-one.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship56b, mix56b) in one store per set, nothing else running; a program decided alike counts 1.
#   mix56b ships (PICK_MARGIN 1.1) if the product of the twenty-three set geomeans (mix56b / ship56b) is at least
#   1.02, no set is below 0.97 and h232 and h234 are each at least 0.99. Otherwise nothing changes.
#
#   bash decide56b.sh            # generate h232 and h234, decide, then measure
#   bash decide56b.sh measure    # measure only
set -u
S=/work/runs/s56
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP=$ZEN5_SHIP
if [ "${1:-}" != measure ]; then
  fresh 232 16
  fresh 234 128 300 3000
fi
Q55=/work/runs/s55 O=/work/runs/s54 Q=/work/runs/s53
SETS="$S/h232 $S/h234 $S/h228 $S/h230 $Q55/h224 $Q55/h226 $Q55/h220 $Q55/h222 $O/h216 $O/h218 $O/h212 $O/h214 \
$Q/h208 $Q/h210 $Q/h202a $Q/h204 $Q/h206 $Q/h198 $Q/h200 $Q/h190 $Q/h192 $Q/h188 $Q/h161" \
  S=$S TAG=56b REPORT=$R/session56 BASE=$SHIP NEW="$SHIP:margin=1.1" \
  exec bash $R/session46/decide46.sh "$@"
