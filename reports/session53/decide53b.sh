#!/usr/bin/env bash
# session 53's second rule, written (and committed) after the first (decide53.sh) failed and before held-out seeds
# 208 and 210 are generated or anything is decided with MACROS_VERSION 15:
#
#   MACROS_VERSION 15 (polyrl.poly.macros._invariant_alias): MACROS_VERSION 14's criterion, asking also that the
#   innermost loop carry a dependence (isl): the first rule's losses were loops that carry none, whose vector code was
#   refused for their strides (h202a's prog_000156, a column-oriented triangular solve, 0.73x). v15 changes the macro
#   schedules of none of seed 202's 200 programs (affected15-g202.txt): the shape it is for (a loop carrying a
#   dependence only through one element of the array it writes) comes from the generator's new pivot-update pattern
#   (off by default), which the two fresh sets weight:
#     ship53b = the shipped pipeline with MACROS_VERSION 13 (old_macros.py); mix53b = the same with MACROS_VERSION 15.
#   Sets (eleven): h208 (fresh: seed 208, 200 programs at scale 16 with pivot_update=3 beside the default weights, its
#   first 40 estimated at 10-300 ms), h210 (fresh: seed 210 at scale 128, pivot_update=3, its first 40 at 300-3000 ms),
#   and the first rule's nine: h202a, h204, h206, h198, h200, h190, h192, h188, h161.
#   Both decide every set (nothing timed); the programs decided differently are measured side by side (original,
#   ship53b, mix53b) in one store per set, nothing else running; a program decided alike counts 1.
#   mix53b ships (MACROS_VERSION 15 stays) if the product of the eleven set geomeans (mix53b / ship53b) is at least
#   1.02, h208's and h210's geomeans are each at least 1.00, and no set is below 0.98. Otherwise the macros go back to
#   MACROS_VERSION 13 (the pattern stays: it changes no seed's programs where its weight is 0).
#
#   bash decide53b.sh            # generate h208 and h210, decide, then measure
#   bash decide53b.sh measure    # measure only
set -u
S=/work/runs/s53
source "$(dirname "$0")/../session46/configs46.sh"   # P W S R; cd $S
SHIP="$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned-amd.pt"   # F52 asked alone, as AMD machines ask it
if [ "${1:-}" != measure ]; then
  [ -d g208 ] || $P/polyrl generate --count 200 --seed 208 --scale 16 --weights pivot_update=3 --out g208 > gen208.log
  [ -d h208 ] || $P/python $R/session41/fresh_set.py g208 h208 40
  [ -d g210 ] || $P/polyrl generate --count 200 --seed 210 --scale 128 --weights pivot_update=3 --out g210 > gen210.log
  [ -d h210 ] || $P/python $R/session41/fresh_set.py g210 h210 40 300 3000
fi
SETS="$S/h208 $S/h210 $S/h202a $S/h204 $S/h206 $S/h198 $S/h200 $S/h190 $S/h192 $S/h188 $S/h161" \
  S=$S TAG=53b REPORT=$R/session53 BASE=$SHIP NEW=$SHIP BASE_EVAL=$R/session53/old_macros.py \
  exec bash $R/session46/decide46.sh "$@"
