#!/bin/bash
# Throughput side by side on one quiet machine: the issue's 100 programs (polyrl generate --count 100 --seed 101
# --scale 8), 4 random legal schedules each, as in sessions 18 and 36. One run plans and measures them in full
# (batch 8, full.sqlite); its plans are copied beside fresh stores so that every way measures the same schedules.
# Usage: bash reports/session39/throughput.sh /work/runs/s39/tp
set -euo pipefail
mkdir -p "$1" && cd "$1"
M="polyrl measure progs --schedules random:4 --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
export OMP_WAIT_POLICY=passive
[ -d progs ] || polyrl generate --count 100 --seed 101 --scale 8 --out progs > gen.log
run() {  # name, extra options
  [ -f "$1.sqlite.plans.jsonl" ] || cp full.sqlite.plans.jsonl "$1.sqlite.plans.jsonl"
  local t0=$(date +%s.%N)
  $M --store "$1.sqlite" "${@:2}" > "measure-$1.log" 2>&1 || true
  echo "$1 ($*): $(echo "$(date +%s.%N) - $t0" | bc) s; $(grep -h 'evaluations/minute' "measure-$1.log")"
}
t0=$(date +%s.%N); $M --store full.sqlite --batch 8 > measure-full.log 2>&1 || true
echo "full (batch 8, planning included): $(echo "$(date +%s.%N) - $t0" | bc) s; $(grep -h 'evaluations/minute' measure-full.log)"
run old --batch 1
run prune15 --batch 8 --prune 1.5
run full2 --batch 8
run prune125 --batch 8 --prune 1.25
