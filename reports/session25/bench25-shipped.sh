#!/usr/bin/env bash
# session 25: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): the shipped configuration
# after this session (p11 with the check that keeps the Pluto form whole and uses it where the original would stay)
# beside base, PLUTO and the Pluto form. --verify-runs 2. Outputs under bench/s25-shipped.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,pluto,polyrl-affine,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s25-shipped.sqlite --out bench/s25-shipped
