#!/usr/bin/env bash
# session 35: the macro pick on PolyBench, both rules side by side with the shipped one-shot schedule, base and
# PLUTO, fresh stores, machine otherwise quiet. The kernels: those whose schedule either rule changes (pick_plan.py
# --polybench, pick_polybench.py): polyrl-policy-pick = both forms models must predict a gain of 1.25x (the rule
# set after the first held-out set), polyrl-policy-pick2 = costmodel-forms-tuned.pt alone (the highest product over
# the three held-out sets). Outputs under bench/.
set -x
W=polyrl/model/weights
export OMP_WAIT_POLICY=passive POLYRL_PICK=$W/costmodel-forms.pt,$W/costmodel-forms-tuned.pt POLYRL_PICK_MARGIN=1.25 \
  POLYRL_PICK2=$W/costmodel-forms-tuned.pt
cd "$(dirname "$0")/../.."
mkdir -p bench
for ds in ${DATASETS:-MEDIUM LARGE}; do
  k=correlation,covariance,gemm,gemver,syrk,trmm,2mm,3mm,doitgen,gramschmidt,deriche,adi,fdtd-2d,jacobi-2d,seidel-2d
  [ $ds = LARGE ] && k=covariance,gemm,gemver,syrk,trmm,3mm,doitgen,gramschmidt,deriche,adi,fdtd-2d,heat-3d,jacobi-1d
  .venv/bin/python reports/session35/bench_pick.py --suite polybench --dataset $ds --kernels $k \
    --variants base,pluto,polyrl-policy,polyrl-policy-pick,polyrl-policy-pick2 --threads 2 --repeat 3 --timeout 120 \
    --verify-runs 2 --polycc ../shared/tools/pluto/polycc --store bench/s35-$ds-pick${SUFFIX:-}.sqlite --out bench/s35-$ds-pick${SUFFIX:-}
done
