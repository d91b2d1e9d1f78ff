#!/bin/bash
set -e
cd /work/data
PY=/work/main/.venv/bin/python; P=/work/main/.venv/bin/polyrl
H=/work/main/reports/session14/heldout14.py
export OMP_WAIT_POLICY=passive
for s in gw gx gv; do
  $PY $H $s ppo14/h14-$s.txt shipped=shipped measured=ppo14/measured.pt mixed-4096=ppo14/mixed-4096.pt mixed=ppo14/mixed.pt
  $P measure $s --schedules ppo14/h14-$s.txt --workers 2 --threads 2 --repeat 3 --timeout 20 --store ppo14/h14-$s.sqlite --no-progress
  $PY $H $s ppo14/h14-$s.txt --report ppo14/h14-$s.sqlite
done
