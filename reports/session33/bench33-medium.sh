#!/usr/bin/env bash
# session 33: PolyBench MEDIUM with the searches, as session 29's run (bench29-medium.sh), on this session's
# machine (Xeon family 6 model 207) from an empty store: separated codegen (session 30), the shipped policy p11
# with its checks and the new form check (costmodel-forms.pt, no margin), and beside it polyrl-policy-s32 (the
# form check of sessions 29 to 32). Machine otherwise quiet.
# Outputs under bench/s33-medium; then: python3 reports/session26/medium_gains.py bench/s33-medium/results.csv
set -x
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
.venv/bin/python reports/session33/bench_old_forms.py --suite polybench --dataset MEDIUM \
  --variants base,pluto,polyrl-policy,polyrl-policy-s32,polyrl-search,random-search --search-budget 32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s33-medium.sqlite --out bench/s33-medium
