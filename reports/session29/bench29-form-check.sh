#!/usr/bin/env bash
# session 29: the PolyBench kernels whose greedy schedule the form check changes (form_check_kernels.py),
# measured afresh side by side: base, PLUTO, the schedules without the check (polyrl-schedule, from
# DATASET-without-form-check.txt) and polyrl-policy (with it). Machine otherwise quiet (the pretrain stopped
# with SIGSTOP). Outputs under bench/s29-DATASET-form-check.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
for D in LARGE MEDIUM; do
  L=reports/session29/$D-without-form-check.txt
  K=$(cut -d: -f1 $L | paste -sd,)
  $P bench --suite polybench --dataset $D --kernels $K \
    --variants base,pluto,polyrl-schedule,polyrl-policy --schedules $L \
    --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
    --store bench/s29-$D-form-check.sqlite --fresh --out bench/s29-$D-form-check
done
