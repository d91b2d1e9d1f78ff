#!/usr/bin/env bash
# session 52's rule, written (and committed) before F52 is trained and before held-out seeds 198 and 200 exist:
#
#   ship52 = the shipped pipeline: the Xeon forms models blended with F50 (costmodel-forms-amd.pt and
#            costmodel-forms-tuned-amd.pt).
#   mix52  = F52 (train52.sh: F50 taught labels of PolyBench MEDIUM's dimensions beside F51's shards), asked one of two
#            ways, chosen before anything is decided: blended with the Xeon models as the shipped pipeline asks
#            (X+F52), or alone (F52); the one whose two models have the higher mean within-program Spearman on the
#            test programs of F52's split (costmodel_eval.py, the AMD labels; nothing timed) is mix52.
#   Sets (twelve): h198 (fresh: seed 198 selected as the training selections 189med-195med, SCALE=1, largest size
#   150-450, at most 3 nests; its first 50 programs), h200 (fresh: seed 200 selected as 173, largest size at least
#   300, its first 40), session 51's MEDIUM-sized h190, session 45's h163 and h164, session 51's h192, session 50's
#   h186 and h188, session 49's h182 and h184, and the scale-128 sets h170 (session 46) and h161 (session 45).
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship52, mix52) in one store per set, nothing else running; a program decided alike counts 1.
#   mix52 ships if the product of the twelve set geomeans (mix52 / ship52) is at least 1.02 and no set is below
#   0.97: F52 replaces the two -amd.pt files, and if mix52 asks F52 alone, AMD machines ask the fine-tunes in place
#   of the Xeon models (session 51's alone-mode.patch). Otherwise nothing changes.
#
#   bash decide52.sh            # choose the way of asking, generate h198 and h200, decide, then measure
#   bash decide52.sh measure    # measure only
set -u
S=/work/runs/s52
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R, MIX44 (the shipped blend, now with F50); cd $S
T=52
source $R/session51/choose_asking.sh   # NEW: F52 alone or blended, by choose52.txt
[ -d g198med ] || RUNS=$S SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 198 400
[ -d h198 ] || $P/python $R/session41/fresh_set.py g198med h198 50 0 1000000
FRESH=200 SETS="$S/h198 /work/runs/s51/h190 /work/runs/s45/h163 /work/runs/s45/h164 /work/runs/s51/h192 \
/work/runs/s50/h186 /work/runs/s50/h188 /work/runs/s49/h182 /work/runs/s49/h184 /work/runs/s46/h170 /work/runs/s45/h161" \
  S=$S TAG=$T BASE=$MIX44 NEW=$NEW exec bash $R/session46/decide46.sh "$@"
