#!/usr/bin/env bash
# session 45: macro-schedule labels on this machine (AMD Zen 4, family 25 model 17; 5,510 labels of this key before)
# while it would otherwise idle, of a training corpus generated here:
#   bash label45.sh 162 400 0.05 contraction=2,imperfect=1   # PolyBench MEDIUM's sizes, as held-out seed 164
#   bash label45.sh 166 300 1 scalars=0.8,triangular_update=2   # the two shapes this session added to the generator
# Stopped with pkill -INT (the store keeps every finished evaluation; run again to go on), then exported:
#   polyrl dataset export /work/runs/s45/labelsSEED.sqlite --name s45-gSEED-...
# RUNS names another folder for the corpus and its store (session 46's label46.sh passes /work/runs/s46), TIMEOUT
# the seconds a run may take (default 20); COUNT SCALE WEIGHTS are needed only where gSEED does not exist yet
# (session 47's label47.sh measures its selections g173big, g175big, g177big that way).
set -eu
seed=${1:?SEED COUNT SCALE WEIGHTS}
P=/work/main/.venv/bin
cd ${RUNS:-/work/runs/s45}
[ -d g$seed ] || $P/polyrl generate --count ${2:?} --seed $seed --scale ${3:?} --weights ${4:?} --out g$seed > gen$seed.log
OMP_WAIT_POLICY=passive exec $P/polyrl measure g$seed --schedules macros --workers 2 --threads 2 --repeat 3 --timeout ${TIMEOUT:-20} \
  --compile-timeout 60 --store labels$seed.sqlite --batch 4 --no-progress
