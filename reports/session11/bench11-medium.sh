#!/usr/bin/env bash
# session 11, the shipped policy at MEDIUM, without the searches (with them, 64 builds per kernel took
# about 1.5 min per kernel and did not fit the session): PolyBench MEDIUM 30 and seed-paper MEDIUM 8
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
TAG=$1
cd "$(dirname "$0")/../.."
mkdir -p bench
L=base,graphite,polly,pluto,polyrl-policy
$P bench --suite polybench --dataset MEDIUM --threads 2 --variants $L --repeat 3 --timeout 120 --store bench/$TAG-medium.sqlite --out bench/$TAG-medium30
$P bench --suite pearl --dataset MEDIUM --threads 2 --variants $L --repeat 3 --timeout 120 --store bench/$TAG-medium.sqlite --out bench/$TAG-pearl-medium
