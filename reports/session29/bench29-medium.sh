#!/usr/bin/env bash
# session 29: PolyBench MEDIUM with the searches, as session 27's run (bench27-medium.sh), on this session's
# machine (Xeon family 6 model 207) from an empty store, with the form check shipped. Machine otherwise quiet.
# Outputs under bench/s29-medium; then: python3 reports/session26/medium_gains.py bench/s29-medium/results.csv
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s29-medium.sqlite --out bench/s29-medium
