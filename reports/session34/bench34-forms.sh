#!/usr/bin/env bash
# session 34: the PolyBench kernels whose shipped schedule the new forms model (C34-forms) changes
# (polybench-forms-*.md: MEDIUM syr2k, lu, seidel-2d; LARGE syr2k, syrk), the shipped check (both form models) and session 33's form
# check side by side, with base and PLUTO, fresh stores, machine otherwise quiet. Outputs under bench/.
# Session 33's check is session 32's bench variant with its model and no margin (polyrl-policy-c32; the
# committed results were measured with an identical variant then called polyrl-policy-s33).
set -x
export OMP_WAIT_POLICY=passive POLYRL_FORMS_MODEL=/work/runs/s34/costmodel-forms-s33.pt POLYRL_FORMS_MARGIN=1
cd "$(dirname "$0")/../.."
mkdir -p bench
for ds in MEDIUM LARGE; do
  k=syr2k,lu,seidel-2d; [ $ds = LARGE ] && k=syr2k,syrk
  .venv/bin/python reports/session32/bench_forms_model.py --suite polybench --dataset $ds --kernels $k \
    --variants base,pluto,polyrl-policy,polyrl-policy-c32 --threads 2 --repeat 3 --timeout 120 --verify-runs 2 \
    --polycc ../shared/tools/pluto/polycc --store bench/s34-$ds-forms.sqlite --out bench/s34-$ds-forms
done
