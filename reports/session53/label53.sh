#!/usr/bin/env bash
# session 53: the first labels of this machine (AMD Zen 5, family 26 model 2), measured at the end of the session while
# it would otherwise idle, one corpus after another, each exported to a shard when it is done (the last one stopped
# with pkill -INT -f "polyrl measure" and exported by hand):
#   203med: training seed 203 selected at PolyBench MEDIUM's dimensions (as 189med-201med; started early in the
#           session, stopped after 477 evaluations, resumed here)
#   207:    matrix-vector shapes at LARGE sizes (reductions with a vector operand, broadcasts, transposes: scale 128)
#   205:    the new pivot-update pattern beside the default weights, scale 16
#   209med: another MEDIUM-dimension selection
#   bash reports/session53/label53.sh > /work/runs/s53/label53.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s53
export RUNS=$S
ex() { $P/polyrl dataset export $S/labels$1.sqlite --name "$2"; }
bash $R/session45/label45.sh 203med && ex 203med s53-g203med-scale1-medium-dims-zen5
bash $R/session45/label45.sh 207 300 128 \
  elementwise=0.5,broadcast=2,reduction=3,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5 \
  && ex 207 s53-g207-scale128-matrix-vector-zen5
bash $R/session45/label45.sh 205 300 16 pivot_update=3 && ex 205 s53-g205-scale16-pivot-update-zen5
[ -d $S/g209med ] || SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 209 1000
bash $R/session45/label45.sh 209med && ex 209med s53-g209med-scale1-medium-dims-zen5
