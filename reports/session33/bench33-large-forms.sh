#!/usr/bin/env bash
# session 33: the PolyBench LARGE kernels whose shipped schedule the new form check changes
# (form-decisions-1.0.txt: symm, trisolv, floyd-warshall), new and old form check side by side, fresh store,
# machine otherwise quiet. Outputs under bench/s33-large-forms.
set -x
export OMP_WAIT_POLICY=passive
cd "$(dirname "$0")/../.."
mkdir -p bench
.venv/bin/python reports/session33/bench_old_forms.py --suite polybench --dataset LARGE \
  --kernels symm,trisolv,floyd-warshall --variants base,pluto,polyrl-policy,polyrl-policy-s32 \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s33-large-forms.sqlite --out bench/s33-large-forms
