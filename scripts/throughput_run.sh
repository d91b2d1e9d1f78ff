#!/bin/bash
# One measuring run for a throughput comparison: `polyrl measure` by the worktree TREE (its run-polyrl.py)
# on DIR/progs, 4 random schedules a program, into a fresh store DIR/NAME.sqlite with DIR/full.sqlite.plans.jsonl's
# plans; prints the wall time, the cores' busy share (/proc/stat) and the evaluations a minute. Run side by side
# with nothing else timing. Usage: bash scripts/throughput_run.sh DIR NAME TREE [polyrl measure options...]
set -euo pipefail
python=${PYTHON:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python}  # this checkout's venv unless PYTHON says
cd "$1"; name=$2; tree=$3; shift 3
export OMP_WAIT_POLICY=passive
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
cp full.sqlite.plans.jsonl "$name.sqlite.plans.jsonl"; rm -f "$name.sqlite"
read b0 t0c < <(busy); t0=$(date +%s.%N)
"$python" -S "$tree/run-polyrl.py" measure progs --schedules random:4 --workers 2 --threads 2 \
  --repeat 3 --timeout 20 --no-progress "$@" --store "$name.sqlite" > "measure-$name.log" 2>&1 || true
read b1 t1c < <(busy)
echo "$name: $(echo "$(date +%s.%N) - $t0" | bc) s; busy $(echo "scale=3; ($b1 - $b0) / ($t1c - $t0c)" | bc); $(grep -h 'evaluations/minute' "measure-$name.log")"
