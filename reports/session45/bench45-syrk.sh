#!/usr/bin/env bash
# session 45: the one kernel whose one-shot schedule the macro-plan fix changes (syrk, at MEDIUM and at LARGE;
# pb-*-before.txt / pb-*-after.txt), side by side in one run per dataset: polyrl-policy is the fixed pipeline,
# polyrl-schedule the schedule before the fix. Nothing was chosen on this.
#   PATH=.venv/bin:$PATH bash reports/session45/bench45-syrk.sh
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
for d in MEDIUM LARGE; do
  l=$(echo $d | tr A-Z a-z)
  polyrl bench --suite polybench --dataset $d --kernels syrk \
    --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session45/pb-$l-before.txt \
    --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
    --store bench/s45-syrk-$l.sqlite --out bench/s45-syrk-$l
done
