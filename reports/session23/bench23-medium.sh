#!/usr/bin/env bash
# session 23: PolyBench MEDIUM with polyrl's search (budget 32), one run, machine otherwise quiet (Intel
# Xeon, 2 cores): base, PLUTO (both settings), the Pluto form, the shipped policy and polyrl-search (the
# policy's greedy schedule, the macro schedules, then the policy's samples; each verified and timed).
# Outputs under bench/s23-medium30.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,pluto-nounrolljam,polyrl-affine,polyrl-policy,polyrl-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s23-m30.sqlite --out bench/s23-medium30
