#!/usr/bin/env bash
# session 44: labels while the machine is otherwise idle, after the tests: training seed 156, 300 programs at
# --scale 0.2 (1-8 ms: between seed 155's MEDIUM-sized programs and the scale-1 corpora), contraction, triangular
# and imperfect nests weighted up. Stop with pkill -INT -f 'polyrl measure'; export with
#   polyrl dataset export /work/runs/s44/labels156.sqlite --name s44-g156-scale02-zen3
set -u
cd /work/runs/s44
P=/work/main/.venv/bin
[ -d g156 ] || $P/polyrl generate --count 300 --seed 156 --scale 0.2 --weights contraction=2,triangular=2,imperfect=1 \
  --out g156 > gen156.log
OMP_WAIT_POLICY=passive $P/polyrl measure g156 --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store labels156.sqlite --batch 4 --no-progress > label-g156.log 2>&1
