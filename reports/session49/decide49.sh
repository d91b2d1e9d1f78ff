#!/usr/bin/env bash
# session 49's rule, written (and committed) before held-out seeds 182 and 184 are generated and before anything is
# decided with the new emitter:
#
#   The emitter's jammed copies of a loop bounded below by the vector loop (687ad22) made the rank-2k macro plans of
#   MACROS_VERSION 13 fast where session 48 measured them 2-6x slower than the Pluto forms (h165). Session 48's rule 1
#   candidate is put to the same test again, both arms measured with the new emitter:
#     ship49 = the shipped pipeline: mix47 (session 47's AMD fine-tunes), MACROS_VERSION 11 (eval11macros.py);
#     mix49  = F48 (session 48's fine-tunes, /work/runs/s48, trained on the v13 plans' labels), MACROS_VERSION 13.
#   Sets (40 programs each, h163 60): h182 (fresh: seed 182 selected as 173), h184 (fresh: seed 184 generated as h165,
#   triangular updates at scale 128), and session 48's eight: h176, h174, h170, h161, h165, h167, h168, h163.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship49, mix49) in one store per set, nothing else running; a program decided alike counts 1.
#   mix49 ships (F48 as the AMD fine-tunes, MACROS_VERSION 13 kept) if the product of the ten set geomeans
#   (mix49 / ship49) is at least 1.02 and no set is below 0.97. Otherwise the macros go back to MACROS_VERSION 11
#   and the models stay; the emitter change stays either way (it changes no decision, only how fast code runs).
#
#   bash decide49.sh            # generate h182 and h184, decide, then measure
#   bash decide49.sh measure    # measure only
set -u
S=/work/runs/s49
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R, MIX44 (= mix47, shipped); cd $S
MIX49="$W/costmodel-forms.pt+/work/runs/s48/F48-forms-export.pt,$W/costmodel-forms-tuned.pt+/work/runs/s48/F48-tuned-export.pt"
[ -d g184 ] || $P/polyrl generate --count 200 --seed 184 --scale 128 --weights triangular_update=6 --out g184 > gen184.log
[ -d h184 ] || $P/python $R/session41/fresh_set.py g184 h184 40 300 3000
FRESH=182 SETS="$S/h184 /work/runs/s48/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=49 BASE=$MIX44 NEW=$MIX49 BASE_EVAL=$R/session49/eval11macros.py exec bash $R/session46/decide46.sh "$@"
