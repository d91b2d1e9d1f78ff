#!/usr/bin/env bash
# session 26 (the script of session 25, run again with a fresh store): PolyBench MEDIUM, one run, machine otherwise quiet: the one-shot policy (shipped configuration)
# against polyrl-search and random-search at budget 32, beside base and PLUTO. Outputs under bench/s26-medium.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s26-medium.sqlite --out bench/s26-medium
