#!/usr/bin/env bash
# session 55's second rule, written (and committed) before F55 is trained (train55.sh) and before held-out seeds 224
# and 226 exist:
#
#   Session 54 asked F54 alone against F52 alone (its rule 1): product 1.096 over thirteen sets, but h204 0.963x and
#   h192 0.962x, contractions at LARGE sizes, which the Zen 5's labels lacked; the blend F52+F54 shipped (rule 2). F55
#   is F52 taught every Zen 5 label, the 1,375 labels of LARGE-sized contractions (221big, 223big) included. Asked:
#     ship55b = the shipped pipeline (F52 blended with F54, as AMD machines ask them; this checkout's macros);
#     mix55b = the same with F55 asked alone.
#   Sets (nineteen): h224 (fresh: seed 224 selected as training seed 173, largest size at least 300; its first 40),
#   h226 (fresh: seed 226 selected as the MEDIUM-dimension selections; its first 50), this session's h220 and h222,
#   and session 54's fifteen (h216 h218 h212 h214, and session 53's h208 h210 h202a h204 h206 h198 h200 h190 h192
#   h188 h161).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship55b, mix55b) in one store per set, nothing else running; a program decided alike counts 1.
#   mix55b ships if the product of the nineteen set geomeans (mix55b / ship55b) is at least 1.02, no set is below
#   0.97 and h224 and h226 are each at least 0.99: F55 replaces F54 as costmodel-forms{,-tuned}-amd-zen5.pt and AMD
#   machines ask it alone (FORMS_SECOND gives way to the Zen 5 files in FORMS_FINETUNES). Otherwise nothing changes.
#
#   bash decide55b.sh            # generate h224 and h226, decide, then measure
#   bash decide55b.sh measure    # measure only
set -u
S=/work/runs/s55
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt+$W/costmodel-forms-amd-zen5.pt,$W/costmodel-forms-tuned-amd.pt+$W/costmodel-forms-tuned-amd-zen5.pt"
NEW="$S/F55-forms-export.pt,$S/F55-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  [ -d g226med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 226 400
  [ -d h226 ] || $P/python $R/session41/fresh_set.py g226med h226 50 0 1000000
  # the test programs of F55's split (nothing timed): the report's Spearman figures
  $P/python $R/session32/costmodel_eval.py new55.sqlite F55-tuned.pt F55-tuned.graphs.pt "AMD EPYC" \
    $W/costmodel-forms-amd.pt $W/costmodel-forms-tuned-amd.pt F55-forms-export.pt F55-tuned-export.pt > eval55.txt
fi
O=/work/runs/s54 Q=/work/runs/s53
FRESH=224 SETS="$S/h226 $S/h220 $S/h222 $O/h216 $O/h218 $O/h212 $O/h214 $Q/h208 $Q/h210 $Q/h202a $Q/h204 $Q/h206 $Q/h198 \
$Q/h200 $Q/h190 $Q/h192 $Q/h188 $Q/h161" S=$S TAG=55b REPORT=$R/session55 BASE=$SHIP NEW=$NEW \
  exec bash $R/session46/decide46.sh "$@"
