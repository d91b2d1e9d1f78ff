#!/bin/bash
# Throughput with the final code, side by side on one quiet machine, after throughput.sh (which made progs and
# the plans in full.sqlite.plans.jsonl): batches with pruning and the original's arrays not written twice
# (after: --batch 8 --prune 1.5), the same without pruning, and the way before session 18 (--batch 1) run by the
# code before this session (a worktree of commit bd21380 at /work/lab-tree, its polyrl started with python -S so
# that the editable install's /work/main is not imported).
# Usage: bash reports/session39/throughput2.sh /work/runs/s39/tp
set -euo pipefail
cd "$1"
A="progs --schedules random:4 --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
export OMP_WAIT_POLICY=passive
run() {  # name, command...
  cp full.sqlite.plans.jsonl "$1.sqlite.plans.jsonl"; rm -f "$1.sqlite"
  local t0=$(date +%s.%N)
  "${@:2}" --store "$1.sqlite" > "measure-$1.log" 2>&1 || true
  echo "$1: $(echo "$(date +%s.%N) - $t0" | bc) s; $(grep -h 'evaluations/minute' "measure-$1.log")"
}
run after polyrl measure $A --batch 8 --prune 1.5
run after-noprune polyrl measure $A --batch 8
run before /work/main/.venv/bin/python -S /work/lab-tree/run-polyrl.py measure $A --batch 1
