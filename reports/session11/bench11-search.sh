#!/usr/bin/env bash
# session 11, the shipped policy against the two searches (budget 32) at MEDIUM, side by side with base in
# one run per suite (the peers are in bench11-medium.sh's tables)
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
V=base,polyrl-policy,polyrl-search,random-search
$P bench --suite polybench --dataset MEDIUM --threads 2 --variants $V --search-budget 32 --repeat 3 --timeout 120 --store bench/$TAG-search.sqlite --out bench/$TAG-search-medium30
$P bench --suite pearl --dataset MEDIUM --threads 2 --variants $V --search-budget 32 --repeat 3 --timeout 120 --store bench/$TAG-search.sqlite --out bench/$TAG-search-pearl-medium
