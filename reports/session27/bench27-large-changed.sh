#!/usr/bin/env bash
# session 27: the PolyBench LARGE kernels whose greedy schedule session 27 changed (gemm, syrk, durbin,
# fdtd-2d), measured afresh side by side: base, PLUTO, the session-26 policy schedules (as polyrl-schedule,
# from large-s26-policy.txt) and polyrl-policy now. Outputs under bench/s27-large-changed.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE --kernels gemm,syrk,durbin,fdtd-2d \
  --variants base,pluto,polyrl-schedule,polyrl-policy --schedules reports/session27/large-s26-policy.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s27-large-changed.sqlite --fresh --out bench/s27-large-changed
