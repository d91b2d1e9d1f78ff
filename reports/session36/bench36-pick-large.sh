#!/usr/bin/env bash
# session 36: polyrl-policy and polyrl-macro-pick side by side at PolyBench LARGE on the 13 kernels where either
# of session 35's pick rules changed a schedule (session 35's bench35-pick.sh list), after the emitter fix.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE --variants base,polyrl-policy,polyrl-macro-pick \
  --kernels covariance,gemm,gemver,syrk,trmm,3mm,doitgen,gramschmidt,deriche,adi,fdtd-2d,heat-3d,jacobi-1d \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --store bench/s36-large-pick.sqlite --out bench/s36-large-pick
