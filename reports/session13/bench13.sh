#!/usr/bin/env bash
# session 13, the shipped policy (p4) with the cost model's check (polyrl-policy) and without it (polyrl-greedy): one polyrl bench run
# per suite and size; at MEDIUM every variant side by side (the compilers, the policy and both searches,
# budget 32), at LARGE the compilers and the policy (the searches, 64 builds per kernel, do not fit).
# Outputs under bench/$1-*, one store per run (run from a checkout with polyrl installed, or POLYRL=path/to/polyrl)
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
ALL=base,graphite,polly,pluto,polyrl-policy,polyrl-greedy,polyrl-search,random-search
L=base,graphite,polly,pluto,polyrl-policy,polyrl-greedy
common="--threads 2 --repeat 3 --timeout 120"
$P bench --suite polybench --dataset MEDIUM --variants $ALL --search-budget 32 $common --store bench/$TAG-m30.sqlite --out bench/$TAG-medium30
$P bench --suite pearl --dataset MEDIUM --variants $ALL --search-budget 32 $common --store bench/$TAG-m8.sqlite --out bench/$TAG-pearl-medium
$P bench --suite polybench --dataset LARGE --variants $L $common --store bench/$TAG-l30.sqlite --out bench/$TAG-large30
$P bench --suite pearl --dataset LARGE --variants $L $common --store bench/$TAG-l8.sqlite --out bench/$TAG-pearl-large
