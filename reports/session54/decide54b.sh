#!/usr/bin/env bash
# session 54's second rule, written (and committed) after the first (decide54.sh) refused F54 alone and before held-out
# seeds 216 and 218 exist:
#
#   The first rule's losses were on the sets of LARGE-sized contractions selected as training seed 173 (h204 0.963x,
#   h192 0.962x; h200 1.005x): this Zen 5's labels hold matrix-vector shapes, MEDIUM dimensions and pivot updates, but
#   no contraction at LARGE sizes, which F52 learned from the Zen 4's. Its gains were on the rest (h188 1.035x, h208
#   1.030x, h190 1.025x). So the second candidate asks both: each forms model as F52 blended with F54 (the mean of
#   their log predicted times, as the Xeon/AMD blends were asked before session 52).
#     ship54b = the shipped pipeline (F52 alone); mix54b = the same with F52+F54 blended.
#   Sets (fifteen): h216 (fresh: seed 216 selected as 173, largest size at least 300; its first 40), h218 (fresh: seed
#   218 selected as the MEDIUM-dimension selections; its first 50), and the first rule's thirteen.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship54b, mix54b) in one store per set, nothing else running; a program decided alike counts 1.
#   mix54b ships if the product of the fifteen set geomeans (mix54b / ship54b) is at least 1.02 and no set is below
#   0.97: F54 is shipped beside F52 and AMD machines ask the two blended. Otherwise nothing changes.
#
#   bash decide54b.sh            # generate h216 and h218, decide, then measure
#   bash decide54b.sh measure    # measure only
set -u
S=/work/runs/s54
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned-amd.pt"
NEW="$W/costmodel-forms-amd.pt+$S/F54-forms-export.pt,$W/costmodel-forms-tuned-amd.pt+$S/F54-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  [ -d g218med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 218 400
  [ -d h218 ] || $P/python $R/session41/fresh_set.py g218med h218 50 0 1000000
fi
O=/work/runs/s53
FRESH=216 SETS="$S/h218 $S/h212 $S/h214 $O/h208 $O/h210 $O/h202a $O/h204 $O/h206 $O/h198 $O/h200 $O/h190 $O/h192 \
$O/h188 $O/h161" S=$S TAG=54b REPORT=$R/session54 BASE=$SHIP NEW=$NEW exec bash $R/session46/decide46.sh "$@"
