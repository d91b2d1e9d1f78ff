#!/usr/bin/env bash
# session 57, while the machine would otherwise idle (nothing else timed): labels of this machine's key (AMD Zen 5)
# of macro candidates. PolyBench MEDIUM's one-shot share is where issue 27 falls short, and its largest gaps are
# MEDIUM-sized kernels of several nests and imperfect nests (mvt, atax, bicg, gesummv, trisolv, lu, correlation):
# training seed 233, 400 programs at scale 0.05 (PolyBench MEDIUM's sizes, session 45's seed-162 weights); then
# training seed 235, 300 programs at scale 128 (cache-bound). Stopped with pkill -INT -f "polyrl measure" (the store
# keeps every finished evaluation); each export runs however its run ended.
#   bash reports/session57/label57.sh > /work/runs/s57/label57.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s57
ex() { $P/polyrl dataset export $S/labels$1.sqlite --name "$2"; }
[ -n "${1:-}" ] || { RUNS=$S bash $R/session45/label45.sh 233 400 0.05 contraction=2,imperfect=1; ex 233 s57-g233-medium-zen5
RUNS=$S bash $R/session45/label45.sh 235 300 128 contraction=1; ex 235 s57-g235-scale128-zen5; }
# then (added after the two above ended, before F57 was trained): training seed 237, 300 matrix-vector shapes
# (session 53's seed-207 weights, imperfect nests too) at PolyBench MEDIUM's sizes (scale 0.05): mvt, atax, bicg,
# gesummv and gemver are among MEDIUM's largest gaps to the search.
#   bash reports/session57/label57.sh 237
if [ "${1:-}" = 237 ]; then
  RUNS=$S bash $R/session45/label45.sh 237 300 0.05 \
    elementwise=0.5,broadcast=2,reduction=3,contraction=0.5,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5,imperfect=1
  ex 237 s57-g237-medium-matrix-vector-zen5
fi
# at the end, while the notes were written (after the rule, for the next session's models): training seed 239, 300
# programs at scale 128 (cache-bound: where F57's rule lost), stopped with pkill -INT -f "polyrl measure".
#   bash reports/session57/label57.sh 239
if [ "${1:-}" = 239 ]; then
  RUNS=$S bash $R/session45/label45.sh 239 300 128 contraction=1
  ex 239 s57-g239-scale128-zen5
fi
