#!/usr/bin/env bash
# session 51's rule, written (and committed) before F51 is trained and before held-out seeds 190 and 192 exist:
#
#   ship51 = the shipped pipeline: the Xeon forms models blended with F50 (costmodel-forms-amd.pt and
#            costmodel-forms-tuned-amd.pt).
#   mix51  = F51 (train51.sh: F50 taught MEDIUM-sized labels beside its own), asked one of two ways, chosen before
#            anything is decided: blended with the Xeon models as the shipped pipeline asks (X+F51), or alone (F51);
#            the one whose two models have the higher mean within-program Spearman on the test programs of F51's
#            split (costmodel_eval.py, the AMD labels; nothing timed) is mix51.
#   Sets: h192 (fresh: seed 192 selected as 173, 40 programs), h190 (fresh, MEDIUM-sized: seed 190 generated as
#   training seed 185 at --scale 0.05, the first 60 programs estimated at 0.05-5 ms), session 45's MEDIUM-sized h163
#   and h164, and session 50's h186, h188, session 49's h182, h184, session 48's h176, h174, h170, h161.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship51, mix51) in one store per set, nothing else running; a program decided alike counts 1.
#   mix51 ships if the product of the twelve set geomeans (mix51 / ship51) is at least 1.02 and no set is below
#   0.97: F51 replaces the two -amd.pt files, and if mix51 asks F51 alone, AMD machines ask the fine-tunes in place
#   of the Xeon models. Otherwise nothing changes.
#
#   bash decide51.sh            # choose the way of asking, generate h190 and h192, decide, then measure
#   bash decide51.sh measure    # measure only
set -u
S=/work/runs/s51
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R, MIX44 (the shipped blend, now with F50); cd $S
T=51
source $R/session51/choose_asking.sh   # NEW: F51 alone or blended, by choose51.txt
[ -d g190 ] || $P/polyrl generate --count 300 --seed 190 --scale 0.05 \
  --weights contraction=2,triangular_update=2,imperfect=1,scalars=0.5,blas_order=0.5 --out g190 > gen190.log
[ -d h190 ] || $P/python $R/session41/fresh_set.py g190 h190 60 0.05 5
FRESH=192 SETS="$S/h190 /work/runs/s45/h163 /work/runs/s45/h164 /work/runs/s50/h186 /work/runs/s50/h188 \
/work/runs/s49/h182 /work/runs/s49/h184 /work/runs/s48/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161" \
  S=$S TAG=$T BASE=$MIX44 NEW=$NEW exec bash $R/session46/decide46.sh "$@"
