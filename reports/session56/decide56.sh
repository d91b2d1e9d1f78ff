#!/usr/bin/env bash
# session 56's rule, written (and committed) before held-out seeds 228 and 230 are generated or anything is decided:
#
#   Session 55 asked F55 (F52 taught every Zen 5 label) alone in place of the shipped blend F52+F54 (decide55b.sh):
#   product 1.129 over nineteen sets, but h220 0.965x (a contraction lost, 10.99x to 2.97x) and fresh h224 0.985x:
#   refused. Not tried: F55 blended with F52 (mean log time of the two), as F54 is now.
#     ship56 = the shipped pipeline (F52 blended with F54, as this Zen 5 asks them);
#     mix56 = the same with F55 in place of F54 in both blends (forms and tuned).
#   Sets (twenty-one): h228 (fresh: seed 228, 200 programs at scale 16, default weights, its first 40 estimated at
#   10-300 ms), h230 (fresh: seed 230 at scale 128, default weights, its first 40 at 300-3000 ms), and session 55's
#   nineteen (h224 h226 h220 h222, session 54's h216 h218 h212 h214, session 53's h208 h210 h202a h204 h206 h198
#   h200 h190 h192 h188 h161).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship56, mix56) in one store per set, nothing else running; a program decided alike counts 1.
#   mix56 ships if the product of the twenty-one set geomeans (mix56 / ship56) is at least 1.02, no set is below
#   0.97 and h228 and h230 are each at least 0.99: F55 replaces F54 as costmodel-forms{,-tuned}-amd-zen5.pt (the
#   blend with F52 stays as it is). Otherwise nothing changes.
#
#   bash decide56.sh            # generate h228 and h230, decide, then measure
#   bash decide56.sh measure    # measure only
set -u
S=/work/runs/s56
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
F55=/work/runs/s55
SHIP=$ZEN5_SHIP
NEW="$W/costmodel-forms-amd.pt+$F55/F55-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$F55/F55-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  fresh 228 16
  fresh 230 128 300 3000
fi
Q55=/work/runs/s55 O=/work/runs/s54 Q=/work/runs/s53
SETS="$S/h228 $S/h230 $Q55/h224 $Q55/h226 $Q55/h220 $Q55/h222 $O/h216 $O/h218 $O/h212 $O/h214 $Q/h208 $Q/h210 \
$Q/h202a $Q/h204 $Q/h206 $Q/h198 $Q/h200 $Q/h190 $Q/h192 $Q/h188 $Q/h161" \
  S=$S TAG=56 REPORT=$R/session56 BASE=$SHIP NEW=$NEW \
  exec bash $R/session46/decide46.sh "$@"
