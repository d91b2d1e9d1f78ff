#!/usr/bin/env bash
# session 37: PolyBench MEDIUM with the searches, the macro pick on by default in polyrl-policy and
# polyrl-checked (the same without it) side by side; nothing else running.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
NAME=${NAME:-s37-medium}  # the store and results under bench/ (session 42 passes its own)
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,pluto-nounrolljam,polyrl-policy,polyrl-checked,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store "bench/$NAME.sqlite" --out "bench/$NAME"
