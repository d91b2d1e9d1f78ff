#!/usr/bin/env bash
# session 20: PLUTO (../shared/tools/pluto/polycc, both settings) beside polyrl's Pluto form (polyrl-affine:
# A(1), tiles of 32, parallel, vector code) and the shipped policy, one run per size, machine otherwise quiet.
# LARGE: the compilers, the hand schedules, the affine form and the policy. MEDIUM: the same beside the
# policy-guided search (greedy, macro schedules with the affine ones, samples) and random search, budget 32.
# Usage: bench20.sh TAG large|medium. Outputs under bench/TAG-*, one store per run.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
POLYCC=${POLYCC:-../shared/tools/pluto/polycc}
common="--threads 2 --repeat 3 --timeout 120 --polycc $POLYCC"
case $2 in
large) $P bench --suite polybench --dataset LARGE --variants base,graphite,polly,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-affine,polyrl-policy $common --store bench/$TAG-l30.sqlite --out bench/$TAG-large30 ;;
medium) $P bench --suite polybench --dataset MEDIUM --variants base,pluto,pluto-nounrolljam,polyrl-affine,polyrl-policy,polyrl-search,random-search --search-budget 32 $common --store bench/$TAG-m30.sqlite --out bench/$TAG-medium30 ;;
esac
