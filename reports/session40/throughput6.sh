#!/bin/bash
# Throughput side by side on one quiet machine, the issue's 100 programs (seed 101, scale 8; session 39's plans copied
# beside fresh stores, 4 random legal schedules each, 499 evaluations): this session's code (a worktree at 15de0a7),
# the way before session 18 (--batch 1, the code of bd21380) and session 39's final code (0889c96), each from its own
# worktree started with python -S so that /work/main's editable install is not imported.
# Usage: bash reports/session40/throughput5.sh /work/runs/s39/tp NEW_TREE BEFORE_TREE S39_TREE
set -euo pipefail
cd "$1"
ARGS="progs --schedules random:4 --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
export OMP_WAIT_POLICY=passive
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
run() {  # name, tree, batch
  cp full.sqlite.plans.jsonl "$1.sqlite.plans.jsonl"; rm -f "$1.sqlite"
  read b0 t0c < <(busy); local t0=$(date +%s.%N)
  /work/main/.venv/bin/python -S "$2/run-polyrl.py" measure $ARGS --batch "$3" --store "$1.sqlite" > "measure-$1.log" 2>&1 || true
  read b1 t1c < <(busy)
  echo "$1: $(echo "$(date +%s.%N) - $t0" | bc) s; busy $(echo "scale=3; ($b1 - $b0) / ($t1c - $t0c)" | bc); $(grep -h 'evaluations/minute' "measure-$1.log")"
}
run s40new3 "$2" 8
run s40before2 "$3" 1

run s40new4 "$2" 8
