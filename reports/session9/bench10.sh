#!/usr/bin/env bash
# session 9 (short regions run until 0.1 s), final code: one bench run per suite with every variant; PolyBench MEDIUM 30 and seed-paper MEDIUM 8
# with the searches (budget 32), after PolyBench LARGE 30 with the compilers and the policy (searches at LARGE do not fit)
# outputs under bench/$1-*; a fresh store per tag (run from a checkout with polyrl installed, or POLYRL=path/to/polyrl)
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
V=base,graphite,polly,pluto,polyrl-policy,polyrl-search,random-search
$P bench --suite polybench --dataset LARGE --threads 2 --variants base,graphite,polly,pluto,polyrl-policy --repeat 3 --timeout 120 --store bench/$TAG.sqlite --out bench/$TAG-large30
$P bench --suite polybench --dataset MEDIUM --threads 2 --variants $V --search-budget 32 --repeat 3 --timeout 120 --store bench/$TAG.sqlite --out bench/$TAG-medium30
$P bench --suite pearl --dataset MEDIUM --threads 2 --variants $V --search-budget 32 --repeat 3 --timeout 120 --store bench/$TAG.sqlite --out bench/$TAG-pearl-medium
