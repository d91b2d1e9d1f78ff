#!/usr/bin/env bash
# session 25: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): the shipped policy (p6)
# against p11 (session 24's distillation that prefers the Pluto form within 15%), each with the cost model's
# check, beside base, PLUTO and the Pluto form. --verify-runs 2. Outputs under bench/s25-p11.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,pluto,polyrl-affine,polyrl-policy,polyrl-policy@reports/session24/p11.pt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s25-lpol.sqlite --out bench/s25-p11
