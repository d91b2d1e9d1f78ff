#!/usr/bin/env bash
# session 54: labels of this machine's key (AMD Zen 5, family 26 model 2; 7,425 before) for F54, measured first thing
# in the session while nothing else is timed, one corpus after another, each exported to a shard when it is done
# (the running one stopped with pkill -INT -f "polyrl measure" and exported by hand):
#   209med: session 53's MEDIUM-dimension selection, resumed from its store (1,078 evaluations there)
#   211:    matrix-vector shapes at LARGE sizes, as session 53's 207 (scale 128)
#   213med: another MEDIUM-dimension selection (SCALE=1 LO=150 HI=450, as 189med-209med)
#   bash reports/session54/label54.sh > /work/runs/s54/label54.log 2>&1 &
set -u
P=/work/main/.venv/bin
R=/work/main/reports
S=/work/runs/s54
export RUNS=$S
ex() { $P/polyrl dataset export $S/labels$1.sqlite --name "$2"; }
if [ ! -d $S/g209med ]; then cp -r /work/runs/s53/g209med $S/ && cp /work/runs/s53/labels209med.sqlite* $S/; fi
bash $R/session45/label45.sh 209med && ex 209med s54-g209med-scale1-medium-dims-zen5
bash $R/session45/label45.sh 211 300 128 \
  elementwise=0.5,broadcast=2,reduction=3,contraction=0,stencil_jacobi=0,stencil_seidel=0,transpose=1.5,skewed=0,triangular=0.5 \
  && ex 211 s54-g211-scale128-matrix-vector-zen5
[ -d $S/g213med ] || SCALE=1 LO=150 HI=450 NAME=med bash $R/session47/select47.sh 213 1000
bash $R/session45/label45.sh 213med && ex 213med s54-g213med-scale1-medium-dims-zen5
