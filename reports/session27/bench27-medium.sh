#!/usr/bin/env bash
# session 27: PolyBench MEDIUM with the searches, as session 26's run (bench26-medium.sh), on a copy of
# session 26's store (bench/s26-medium.sqlite -> bench/s27-medium.sqlite): the searches' candidates measured
# then are reused, and what session 27 changed (the greedy schedules of the form choice and of the small-region
# rule, new search candidates) is measured now. Machine otherwise quiet. Outputs under bench/s27-medium.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
[ -f bench/s27-medium.sqlite ] || cp bench/s26-medium.sqlite bench/s27-medium.sqlite
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s27-medium.sqlite --out bench/s27-medium
