#!/usr/bin/env bash
# session 24: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): the shipped policy (p6)
# against the two round-3 distillations (p8: this machine's labels as of session 23; p9: with g104's new
# labels and the F(5) action), each with the cost model's check, beside base, PLUTO and the Pluto form.
# --verify-runs 2. Outputs under bench/s24-policies. P8, P9: the checkpoints.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,pluto,polyrl-affine,polyrl-policy,polyrl-policy@${P8:?},polyrl-policy@${P9:?} \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s24-lpol.sqlite --out bench/s24-policies
