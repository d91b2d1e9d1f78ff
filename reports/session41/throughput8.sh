#!/bin/bash
# session 41: throughput with the chunked comparison (66f46a9), side by side with the way before session 18
# (--batch 1, the code of bd21380), the issue's 100 programs as in session 40's throughput5.sh:
# new, before, new. Usage: bash reports/session41/throughput8.sh /work/runs/s39/tp NEW_TREE BEFORE_TREE
set -euo pipefail
cd "$1"
ARGS="progs --schedules random:4 --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
export OMP_WAIT_POLICY=passive
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
run() {  # name, tree, options...
  cp full.sqlite.plans.jsonl "$1.sqlite.plans.jsonl"; rm -f "$1.sqlite"
  read b0 t0c < <(busy); local t0=$(date +%s.%N)
  /work/main/.venv/bin/python -S "$2/run-polyrl.py" measure $ARGS "${@:3}" --store "$1.sqlite" > "measure-$1.log" 2>&1 || true
  read b1 t1c < <(busy)
  echo "$1: $(echo "$(date +%s.%N) - $t0" | bc) s; busy $(echo "scale=3; ($b1 - $b0) / ($t1c - $t0c)" | bc); $(grep -h 'evaluations/minute' "measure-$1.log")"
}
run s41new "$2" --batch 8
run s41before "$3" --batch 1
run s41new2 "$2" --batch 8
