#!/usr/bin/env bash
# session 19: PLUTO (../shared/tools/pluto/polycc, both settings) beside polyrl in one bench run per size.
# MEDIUM: the policy, the policy-guided search (its greedy schedule, then the macro schedules, then samples)
# and random search, budget 32. LARGE: the compilers, the hand schedules and the policy (the searches' 64
# builds per kernel do not fit). Outputs under bench/$1-*, one store per run.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
POLYCC=${POLYCC:-../shared/tools/pluto/polycc}
common="--threads 2 --repeat 3 --timeout 120 --polycc $POLYCC"
$P bench --suite polybench --dataset MEDIUM --variants base,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-policy,polyrl-search,random-search --search-budget 32 $common --store bench/$TAG-m30.sqlite --out bench/$TAG-medium30
# not run this session (no time left after the expert-iteration data): $P bench --suite polybench --dataset LARGE --variants base,graphite,polly,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-policy $common --store bench/$TAG-l30.sqlite --out bench/$TAG-large30
