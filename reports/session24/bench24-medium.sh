#!/usr/bin/env bash
# session 24: PolyBench MEDIUM with polyrl's searches (budget 32), one run, machine otherwise quiet (Intel
# Xeon, 2 cores): base, PLUTO, the shipped policy, polyrl-search (the policy's greedy schedule, the macro
# schedules, then the policy's samples) and random-search (random legal schedules), each verified and timed.
# Outputs under bench/s24-medium30.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s24-m30.sqlite --out bench/s24-medium30
