#!/usr/bin/env bash
# session 37: PolyBench LARGE, the issue's variants, the macro pick on by default in polyrl-policy and
# polyrl-checked (the same without it) side by side; nothing else running.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
NAME=${NAME:-s37-large}  # the store and results under bench/ (session 41 passes its own)
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,polyrl-schedule,polyrl-policy,polyrl-checked \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store "bench/$NAME.sqlite" --out "bench/$NAME"
