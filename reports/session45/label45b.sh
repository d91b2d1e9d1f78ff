#!/usr/bin/env bash
# session 45, after seed 162: training seed 166, 300 programs at --scale 1 with the two shapes this session added to
# the generator (constants read from scalars, triangular updates with a column walk), macro schedules, this machine's
# key, until the session's end (pkill -INT; the store keeps every finished evaluation), then exported.
set -eu
P=/work/main/.venv/bin
cd /work/runs/s45
[ -d g166 ] || $P/polyrl generate --count 300 --seed 166 --scale 1 --weights scalars=0.8,triangular_update=2 --out g166 > gen166.log
OMP_WAIT_POLICY=passive exec $P/polyrl measure g166 --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store labels166.sqlite --batch 4 --no-progress
