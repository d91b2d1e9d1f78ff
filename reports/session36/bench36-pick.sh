#!/usr/bin/env bash
# session 36: after the emitter's triangular full-tile fix, polyrl-policy and polyrl-macro-pick side by side at
# PolyBench MEDIUM (the one MEDIUM schedule the fix changes is the pick's trmm), fresh store, machine quiet.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM --variants base,polyrl-policy,polyrl-macro-pick \
  --threads 2 --repeat 5 --timeout 120 --verify-runs 2 --store bench/s36-medium-pick.sqlite --out bench/s36-medium-pick
