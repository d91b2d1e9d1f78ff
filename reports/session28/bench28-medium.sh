#!/usr/bin/env bash
# session 28: PolyBench MEDIUM with the searches, as sessions 26 and 27 ran it, on a copy of
# session 27's store (bench/s27-medium.sqlite -> bench/s28-medium.sqlite): the searches' candidates measured
# then are reused, and what session 28 changed (the cost model's pick among the macro schedules) is measured now.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
[ -f bench/s28-medium.sqlite ] || cp bench/s27-medium.sqlite bench/s28-medium.sqlite
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s28-medium.sqlite --out bench/s28-medium
