#!/usr/bin/env bash
# session 28: the PolyBench LARGE kernels whose one-shot schedule the macro pick changes (large_schedules.py),
# measured afresh side by side: base, PLUTO, session 27's schedules (as polyrl-schedule, from
# large-s27-policy.txt) and polyrl-policy with the pick. Outputs under bench/s28-large-changed.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
K=$(cut -d: -f1 reports/session28/large-s27-policy.txt | paste -sd,)
$P bench --suite polybench --dataset LARGE --kernels "$K" \
  --variants base,pluto,polyrl-schedule,polyrl-policy --schedules reports/session28/large-s27-policy.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s28-large-changed.sqlite --fresh --out bench/s28-large-changed
