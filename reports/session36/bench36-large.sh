#!/usr/bin/env bash
# session 36: the issue's PolyBench LARGE run in one go on this machine (AMD EPYC family 25 model 17, Zen 4: a machine the shipped policy and cost models were not trained on), fresh store,
# machine otherwise quiet: base, graphite, polly (clang-16 with Polly), pluto (polycc), polyrl-schedule (the hand
# schedules) and polyrl-policy (the shipped policy p11 with its checks). Outputs under bench/s36-large.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s36-large.sqlite --out bench/s36-large
