#!/usr/bin/env bash
# session 45: PolyBench after the two changes that ship this session (the += fix in the macro plans; read-only
# scalars as constants in the program graph, CONSTANT_SCALARS, chosen by scalars45.sh's rule), the kernels whose
# one-shot schedule changed (pb-*-before.txt against pb-*-const.txt), side by side in one run per dataset:
# polyrl-policy is the pipeline now, polyrl-schedule the schedule before both changes. Nothing is chosen on this.
#   PATH=.venv/bin:$PATH bash reports/session45/bench45-const.sh
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
polyrl bench --suite polybench --dataset MEDIUM --kernels correlation,gemver,symm,syrk,trmm \
  --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session45/pb-medium-before.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s45-const-medium.sqlite --out bench/s45-const-medium
polyrl bench --suite polybench --dataset LARGE --kernels 2mm,correlation,covariance,gemm,symm,syr2k,syrk,trmm \
  --variants base,pluto,polyrl-policy,polyrl-schedule --schedules reports/session45/pb-large-before.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s45-const-large.sqlite --out bench/s45-const-large
