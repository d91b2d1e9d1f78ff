#!/usr/bin/env bash
# session 50's rule, written (and committed) before F50 is trained and before held-out seeds 186 and 188 exist:
#
#   ship50 = the shipped pipeline: the Xeon forms models blended with F48 (costmodel-forms-amd.pt and
#            costmodel-forms-tuned-amd.pt), MACROS_VERSION 13;
#   mix50  = the same blend with F50 (train50.sh: F48 taught the relabelled triangular register blocks), the same
#            macros.
#   Sets (40 programs each, h163 60): h186 (fresh: seed 186 selected as 173: contractions and triangular updates of
#   PolyBench LARGE's sizes), h188 (fresh: seed 188 generated as h184: triangular updates at scale 128), and session
#   49's h182, h184, session 48's h176, h174, h170, h161, h165, h168, h163.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship50, mix50) in one store per set, nothing else running; a program decided alike counts 1.
#   mix50 ships (F50 as the AMD fine-tunes) if the product of the eleven set geomeans (mix50 / ship50) is at least
#   1.02 and no set is below 0.97. Otherwise nothing changes.
#
#   bash decide50.sh            # generate h186 and h188, decide, then measure
#   bash decide50.sh measure    # measure only
set -u
S=/work/runs/s50
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R, MIX44 (the shipped blend, now with F48); cd $S
MIX50="$W/costmodel-forms.pt+$S/F50-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F50-tuned-export.pt"
[ -d g188 ] || $P/polyrl generate --count 200 --seed 188 --scale 128 --weights triangular_update=6 --out g188 > gen188.log
[ -d h188 ] || $P/python $R/session41/fresh_set.py g188 h188 40 300 3000
FRESH=186 SETS="$S/h188 /work/runs/s49/h182 /work/runs/s49/h184 /work/runs/s48/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=50 BASE=$MIX44 NEW=$MIX50 exec bash $R/session46/decide46.sh "$@"
