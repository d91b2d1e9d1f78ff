#!/bin/bash
# Throughput with the final code (batches with pruning, the original's arrays not written twice, and the quiet
# cores held for the timed rounds only), side by side on one quiet machine with the way before session 18
# (--batch 1) run by the code before this session (the worktree /work/lab-tree at bd21380, started with
# python -S so that the editable install's /work/main is not imported). After throughput.sh (progs and plans).
# Usage: bash reports/session39/throughput3.sh /work/runs/s39/tp
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
run final polyrl measure $A --batch 8
run before2 /work/main/.venv/bin/python -S /work/lab-tree/run-polyrl.py measure $A --batch 1
run final2 polyrl measure $A --batch 8
