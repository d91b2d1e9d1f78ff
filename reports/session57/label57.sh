#!/usr/bin/env bash
# session 57, while the machine would otherwise idle (nothing else timed): labels of this machine's key (AMD Zen 5)
# of macro candidates, one shard per training seed. PolyBench MEDIUM's one-shot share is where issue 27 falls short,
# and its largest gaps are MEDIUM-sized kernels of several nests and imperfect nests (mvt, atax, bicg, gesummv,
# trisolv, lu, correlation). Each export runs however its run ended (the store keeps every finished evaluation; a
# run stopped with pkill -INT -f "polyrl measure" goes on when run again).
#   bash reports/session57/label57.sh > /work/runs/s57/label57.log 2>&1 &   # 233, then 235
#   bash reports/session57/label57.sh 237     # added after those ended, before F57 was trained
#   bash reports/session57/label57.sh 239     # at the end, while the notes were written (in no model yet)
#   bash reports/session57/label57.sh 241     # the same (run then as label45.sh with these arguments)
set -u
S=/work/runs/s57
source "$(dirname "$0")/../session46/configs46.sh"   # P R MATVEC_WEIGHTS; cd $S
# label SEED COUNT SCALE WEIGHTS NAME: label45.sh's run of the seed, then its shard
label() { RUNS=$S bash $R/session45/label45.sh $1 $2 $3 $4; $P/polyrl dataset export $S/labels$1.sqlite --name "$5"; }
case "${1:-}" in
  # PolyBench MEDIUM's sizes (session 45's seed-162 weights), then cache-bound programs
  "") label 233 400 0.05 contraction=2,imperfect=1 s57-g233-medium-zen5
      label 235 300 128 contraction=1 s57-g235-scale128-zen5 ;;
  # matrix-vector shapes at MEDIUM's sizes: mvt, atax, bicg, gesummv and gemver are among MEDIUM's largest gaps
  237) label 237 300 0.05 $MATVEC_WEIGHTS s57-g237-medium-matrix-vector-zen5 ;;
  # cache-bound programs: where F57's rule lost
  239) label 239 300 128 contraction=1 s57-g239-scale128-zen5 ;;
  # contractions and triangular updates at scale 32
  241) label 241 300 32 contraction=2,triangular_update=1 s57-g241-scale32-contractions-zen5 ;;
  *) echo "usage: label57.sh [237|239|241]" >&2; exit 2 ;;
esac
