#!/usr/bin/env bash
# session 47: train47.sh's rule (its header): mix46 (shipped, decided again here as ship47) and mix47 decide on the
# seven held-out sets (nothing timed; two processes), then the programs decided differently are measured side by side
# (the original, ship47's and mix47's schedules) in a fresh store per set, nothing else running.
#   bash decide47.sh            # generate h174, decide, then measure
#   bash decide47.sh measure    # measure only
set -u
source "$(dirname "$0")/configs47.sh"   # P W S R, MIX46, MIX47; cd $S
FRESH=174 SETS="/work/runs/s46/h170 /work/runs/s45/h161 /work/runs/s45/h165 /work/runs/s45/h167 /work/runs/s45/h168 /work/runs/s45/h163" \
  S=$S TAG=47 BASE=$MIX46 NEW=$MIX47 exec bash $R/session46/decide46.sh "$@"   # session 46's decisions and measuring
