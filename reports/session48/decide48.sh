#!/usr/bin/env bash
# session 48: train48.sh's rule (its header): mix47 (shipped, decided again here as ship48) and mix48 decide on the
# eight held-out sets (nothing timed; two processes), then the programs decided differently are measured side by side
# (the original, ship48's and mix48's schedules) in a fresh store per set, nothing else running.
#   bash decide48.sh            # generate h176, decide, then measure
#   bash decide48.sh measure    # measure only
# As run, at 0055f9f: mix48 with that commit's macros (MACROS_VERSION 13), ship48 with session 47's through a script
# that put session 47's _pack and innermost choice back in (eval47macros.py, removed with the macro changes). Since
# 7dff120 the macros are session 47's, so both configurations here get them: check out 0055f9f to repeat rule 1.
set -u
source "$(dirname "$0")/configs48.sh"   # P W S R, MIX47, MIX48; cd $S
FRESH=176 SETS="/work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=48 BASE=$MIX47 NEW=$MIX48 exec bash $R/session46/decide46.sh "$@"   # session 46's decisions and measuring
