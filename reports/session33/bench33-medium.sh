#!/usr/bin/env bash
# session 33: PolyBench MEDIUM with the searches, as session 29's run (bench29-medium.sh), on this session's
# machine (Xeon family 6 model 207) from an empty store, with separated codegen (session 30) and the shipped policy p11 with its checks. Machine otherwise quiet.
# Outputs under bench/s33-medium; then: python3 reports/session26/medium_gains.py bench/s33-medium/results.csv
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s33-medium.sqlite --out bench/s33-medium
