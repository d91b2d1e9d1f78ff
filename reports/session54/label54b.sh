#!/usr/bin/env bash
# session 54: more labels of this Zen 5's key for F54, after label54.sh (started once it is done):
#   215:    matrix-vector shapes at LARGE sizes, as 207 and 211 (scale 128)
#   217med: another MEDIUM-dimension selection
#   219:    pivot updates beside the default weights, as session 53's 205 (scale 16)
#   bash reports/session54/label54b.sh > /work/runs/s54/label54b.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s54
export RUNS=$S
ex() { $P/polyrl dataset export $S/labels$1.sqlite --name "$2"; }
bash $R/session45/label45.sh 215 300 128 \
  elementwise=0.5,broadcast=2,reduction=3,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5 \
  && ex 215 s54-g215-scale128-matrix-vector-zen5
[ -d $S/g217med ] || SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 217 1000
bash $R/session45/label45.sh 217med && ex 217med s54-g217med-scale1-medium-dims-zen5
bash $R/session45/label45.sh 219 300 16 pivot_update=3 && ex 219 s54-g219-scale16-pivot-update-zen5
