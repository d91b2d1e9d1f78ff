#!/bin/bash
# One run of throughput4.sh's kind (the gate trace on, the busy share around it) by one worktree, named by $NAME
# (default s40c). Usage: NAME=s40d bash reports/session40/throughput-one.sh /work/runs/s39/tp TREE x
set -euo pipefail
cd "$1"; A=$2; B=$3
ARGS="progs --schedules random:4 --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
export OMP_WAIT_POLICY=passive
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
run() {  # name, tree
  cp full.sqlite.plans.jsonl "$1.sqlite.plans.jsonl"; rm -f "$1.sqlite" "$1.trace"
  read b0 t0c < <(busy); local t0=$(date +%s.%N)
  POLYRL_GATE_TRACE="$PWD/$1.trace" /work/main/.venv/bin/python -S "$2/run-polyrl.py" measure $ARGS --batch 8 \
    --store "$1.sqlite" > "measure-$1.log" 2>&1 || true
  read b1 t1c < <(busy)
  echo "$1: $(echo "$(date +%s.%N) - $t0" | bc) s; busy $(echo "scale=3; ($b1 - $b0) / ($t1c - $t0c)" | bc); $(grep -h 'evaluations/minute' "measure-$1.log")"
}
run ${NAME:-s40c} "$A"
