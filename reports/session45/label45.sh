#!/usr/bin/env bash
# session 45: macro-schedule labels on this machine (AMD Zen 4, family 25 model 17; 5,510 labels of this key before)
# while it would otherwise idle: training seed 162, 400 programs at --scale 0.05 (PolyBench MEDIUM's sizes),
# contraction- and imperfect-rich, as held-out seed 164. Stopped with pkill -INT (the store keeps every finished
# evaluation; run again to go on), then exported: polyrl dataset export labels162.sqlite --name s45-g162-...
set -eu
P=/work/main/.venv/bin
cd /work/runs/s45
[ -d g162 ] || $P/polyrl generate --count 400 --seed 162 --scale 0.05 --weights contraction=2,imperfect=1 --out g162 > gen162.log
OMP_WAIT_POLICY=passive exec $P/polyrl measure g162 --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store labels162.sqlite --batch 4 --no-progress
