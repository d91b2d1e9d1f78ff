#!/usr/bin/env bash
# session 48: train48c.sh's rule (its header): mix47 (shipped) and mix48c decide on ten held-out sets, then the
# programs decided differently are measured side by side in a fresh store per set, nothing else running.
#   bash decide48c.sh            # generate h180, decide, then measure
#   bash decide48c.sh measure    # measure only
set -u
source "$(dirname "$0")/configs48.sh"   # P W S R, MIX47, MIX48C; cd $S
FRESH=180 SETS="$S/h178 $S/h176 /work/runs/s47/h174 /work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=48c REPORT=$R/session48 BASE=$MIX47 NEW=$MIX48C exec bash $R/session46/decide46.sh "$@"
