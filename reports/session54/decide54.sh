#!/usr/bin/env bash
# session 54's rule, written (and committed) before F54 is trained and before held-out seeds 212 and 214 exist:
#
#   ship54 = the shipped pipeline: F52 (costmodel-forms-amd.pt, costmodel-forms-tuned-amd.pt) asked alone, as AMD
#            machines ask it since session 52.
#   mix54  = the same pipeline with F54 (train54.sh: F52 taught every label of this Zen 5's key) asked alone.
#   Sets (thirteen): h212 (fresh: seed 212 generated as the matrix-vector training seeds 207 and 211, scale 128, its
#   first 40 programs estimated at 300-3000 ms), h214 (fresh: seed 214 selected as the MEDIUM-dimension training
#   selections, SCALE=1, largest size 150-450, at most 3 nests; its first 50), and session 53's eleven, regenerated
#   there by their recipes: h208 and h210 (pivot updates), h202a, h204, h206, h198, h200, h190, h192, h188, h161.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship54, mix54) in one store per set, nothing else running; a program decided alike counts 1.
#   mix54 ships if the product of the thirteen set geomeans (mix54 / ship54) is at least 1.02 and no set is below
#   0.97: F54 replaces the two -amd.pt files (asked alone, as now). Otherwise nothing changes.
#
#   bash decide54.sh            # generate h212 and h214, decide, then measure
#   bash decide54.sh measure    # measure only
set -u
S=/work/runs/s54
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned-amd.pt"
NEW="$S/F54-forms-export.pt,$S/F54-tuned-export.pt"
if [ "${1:-}" != measure ]; then
  [ -d g212 ] || $P/polyrl generate --count 300 --seed 212 --scale 128 --weights \
    elementwise=0.5,broadcast=2,reduction=3,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5 \
    --out g212 > gen212.log
  [ -d h212 ] || $P/python $R/session41/fresh_set.py g212 h212 40 300 3000
  [ -d g214med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 214 400
  [ -d h214 ] || $P/python $R/session41/fresh_set.py g214med h214 50 0 1000000
  # the test programs of F54's split, both ways (nothing timed): the report's Spearman figures
  $P/python $R/session32/costmodel_eval.py new54.sqlite F54-tuned.pt F54-tuned.graphs.pt "AMD EPYC" \
    $W/costmodel-forms-amd.pt $W/costmodel-forms-tuned-amd.pt F54-forms-export.pt F54-tuned-export.pt > eval54.txt
fi
O=/work/runs/s53
SETS="$S/h212 $S/h214 $O/h208 $O/h210 $O/h202a $O/h204 $O/h206 $O/h198 $O/h200 $O/h190 $O/h192 $O/h188 $O/h161" \
  S=$S TAG=54 REPORT=$R/session54 BASE=$SHIP NEW=$NEW exec bash $R/session46/decide46.sh "$@"
