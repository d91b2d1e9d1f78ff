#!/usr/bin/env bash
# session 46: macro-schedule labels on this machine (AMD Zen 4, family 25 model 17)
# while it would otherwise idle, of a training corpus generated here:
#   bash label46.sh 169 300 4 contraction=3,triangular_update=2,blas_order=0.8,scalars=0.5   # cache-bound BLAS-order contractions
#   bash label46.sh 171 200 16 contraction=3,triangular_update=2,blas_order=1,scalars=0.5   # the same at scale 16, while the session ends
# Stopped with pkill -INT (the store keeps every finished evaluation; run again to go on), then exported:
#   polyrl dataset export /work/runs/s46/labelsSEED.sqlite --name s46-gSEED-...
set -eu
seed=${1:?SEED COUNT SCALE WEIGHTS} count=${2:?} scale=${3:?} weights=${4:?}
P=/work/main/.venv/bin
cd /work/runs/s46
[ -d g$seed ] || $P/polyrl generate --count $count --seed $seed --scale $scale --weights $weights --out g$seed > gen$seed.log
OMP_WAIT_POLICY=passive exec $P/polyrl measure g$seed --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store labels$seed.sqlite --batch 4 --no-progress
