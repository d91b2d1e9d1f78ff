#!/usr/bin/env bash
# session 41: PolyBench LARGE on the Zen 3 with the issue's variants (base, graphite, polly, pluto,
# polyrl-schedule: the hand schedules, polyrl-policy: the shipped default, with this session's AMD
# fine-tunes in the blend) and polyrl-checked (without the macro pick), side by side; nothing else running.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-policy,polyrl-checked \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s41-large.sqlite --out bench/s41-large
