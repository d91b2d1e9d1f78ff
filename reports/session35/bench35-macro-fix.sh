#!/usr/bin/env bash
# session 35: the macro schedules the parallel-loop rule changes at PolyBench MEDIUM (none at LARGE), before and
# after, side by side with base, fresh store, machine otherwise quiet. Outputs under bench/.
set -x
export OMP_WAIT_POLICY=passive POLYRL_SCHEDULES_NEW=reports/session35/macro-fix-new.txt
cd "$(dirname "$0")/../.."
.venv/bin/python reports/session35/bench_macro_fix.py --suite polybench --dataset MEDIUM \
  --kernels correlation,covariance,gemm,trmm,2mm,3mm --schedules reports/session35/macro-fix-old.txt \
  --variants base,polyrl-schedule,polyrl-schedule-new --threads 2 --repeat 5 --timeout 120 --verify-runs 2 \
  --store bench/s35-macro-fix.sqlite --out bench/s35-macro-fix
