#!/usr/bin/env bash
# session 24: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): base, graphite, polly
# (Debian 12's clang-16), PLUTO (../shared/tools/pluto/polycc), polyrl's shipped schedules, the Pluto form
# (polyrl-affine), the shipped policy (polyrl-policy) and the policy shipped before it (p6, polyrl-policy@),
# each policy with the cost model's check. Every variant's arrays are compared with the base's in 2 separate
# runs (--verify-runs 2). Outputs under bench/s24-large30. P6: the previous policy's checkpoint.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
P6=${P6:?the previous policy checkpoint}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-affine,polyrl-policy,polyrl-policy@$P6 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s24-l30.sqlite --out bench/s24-large30
