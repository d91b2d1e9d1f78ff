#!/usr/bin/env bash
# session 11, the shipped policy: one polyrl bench run per suite with the peers, PolyBench LARGE 30 and
# seed-paper LARGE 8, the compilers and the policy (the searches, 64 builds per kernel, do not fit at
# LARGE). The MEDIUM runs with the searches (budget 32) that followed were stopped at the fifth kernel
# (about 1.5 min per kernel); bench11-medium.sh ran MEDIUM without them.
# Outputs under bench/$1-*, one store per tag (run from a checkout with polyrl installed, or POLYRL=path/to/polyrl)
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
L=base,graphite,polly,pluto,polyrl-policy
$P bench --suite polybench --dataset LARGE --threads 2 --variants $L --repeat 3 --timeout 120 --store bench/$TAG.sqlite --out bench/$TAG-large30
$P bench --suite pearl --dataset LARGE --threads 2 --variants $L --repeat 3 --timeout 120 --store bench/$TAG.sqlite --out bench/$TAG-pearl-large
