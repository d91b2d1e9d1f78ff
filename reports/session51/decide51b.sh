#!/usr/bin/env bash
# session 51's second rule, written (and committed) after the first (decide51.sh: F51 asked alone lost on h170 and
# h161) and before held-out seeds 194 and 196 exist:
#
#   ship51b = the shipped pipeline: the Xeon forms models blended with F50 (as ship51);
#   mix51b  = the Xeon forms models blended with F51 (train51.sh), the way AMD machines ask their fine-tunes now.
#   Sets: h194 (fresh: seed 194 selected as 173, 40 programs), h196 (fresh: seed 196 generated as h170, the first
#   40 programs estimated at 300-3000 ms), the two sets the first rule failed on (h170, h161), its fresh LARGE-sized
#   set h192 and its fresh MEDIUM-sized set h190.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship51b, mix51b) in a fresh store per set, nothing else running; a program decided alike counts 1.
#   mix51b ships (F51 replaces the two -amd.pt files, still blended) if the product of the six set geomeans is at
#   least 1.02 and no set is below 0.97. Otherwise nothing changes.
#
#   bash decide51b.sh            # generate h196 and h194, decide, then measure
#   bash decide51b.sh measure    # measure only
set -u
S=/work/runs/s51
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R, MIX44 (the shipped blend, with F50); cd $S
BLEND="$W/costmodel-forms.pt+$S/F51-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F51-tuned-export.pt"
[ -d g196 ] || $P/polyrl generate --count 200 --seed 196 --scale 128 \
  --weights contraction=3,triangular_update=2,blas_order=0.8,scalars=0.5 --out g196 > gen196.log
[ -d h196 ] || $P/python $R/session41/fresh_set.py g196 h196 40 300 3000
FRESH=194 SETS="$S/h196 /work/runs/s46/h170 /work/runs/s45/h161 $S/h192 $S/h190" \
  S=$S TAG=51b REPORT=$R/session51 BASE=$MIX44 NEW=$BLEND exec bash $R/session46/decide46.sh "$@"
