#!/usr/bin/env bash
# session 48: train48.sh's rule (its header): mix47 (shipped, decided again here as ship48, with session 47's macros
# through eval47macros.py) and mix48 decide on the
# eight held-out sets (nothing timed; two processes), then the programs decided differently are measured side by side
# (the original, ship48's and mix48's schedules) in a fresh store per set, nothing else running.
#   bash decide48.sh            # generate h176, decide, then measure
#   bash decide48.sh measure    # measure only
set -u
source "$(dirname "$0")/configs48.sh"   # P W S R, MIX47, MIX48; cd $S
[ -d g176big ] || RUNS=$S bash $R/session47/select47.sh 176 300   # the held-out seed, generated and selected as 173
[ -d h176 ] || $P/python $R/session41/fresh_set.py g176big h176 40 0 1000000
SETS="$S/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=48 BASE=$MIX47 NEW=$MIX48 BASE_EVAL=$R/session48/eval47macros.py exec bash $R/session46/decide46.sh "$@"   # session 46's decisions and measuring
