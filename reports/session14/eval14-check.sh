#!/bin/bash
# the same held-out sets and stores, now with the cost model's check on top of each policy
set -e
cd /work/data
PY=/work/main/.venv/bin/python; P=/work/main/.venv/bin/polyrl
H=/work/main/reports/session14/heldout14.py
export OMP_WAIT_POLICY=passive
for s in gw gx gv; do
  $PY $H $s ppo14/h14c-$s.txt shipped+check=shipped+check measured+check=ppo14/measured.pt+check mixed-4096+check=ppo14/mixed-4096.pt+check mixed+check=ppo14/mixed.pt+check
  $P measure $s --schedules ppo14/h14c-$s.txt --workers 2 --threads 2 --repeat 3 --timeout 20 --store ppo14/h14-$s.sqlite --no-progress
  $PY $H $s ppo14/h14c-$s.txt --report ppo14/h14-$s.sqlite > ppo14/h14c-$s.report
done
