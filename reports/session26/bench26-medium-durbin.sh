#!/usr/bin/env bash
# session 26: durbin at MEDIUM again after the packing fix (its polyrl-search had failed on isl's "unbounded optimum"),
# same settings and store as bench26-medium.sh; outputs under bench/s26-medium-durbin.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
$P bench --suite polybench --dataset MEDIUM --kernels durbin \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s26-medium.sqlite --out bench/s26-medium-durbin
