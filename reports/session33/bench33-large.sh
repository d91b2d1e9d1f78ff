#!/usr/bin/env bash
# session 33: the issue's PolyBench LARGE run in one go on this machine (Xeon family 6 model 207), fresh store,
# machine otherwise quiet: base, graphite, polly (clang-16 with Polly), pluto (polycc), polyrl-schedule (the hand
# schedules) and polyrl-policy (the shipped policy p11 with its checks, separated codegen). Outputs under bench/s33-large.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s33-large.sqlite --out bench/s33-large
