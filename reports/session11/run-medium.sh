#!/usr/bin/env bash
# session 11: shipped policy vs POLICY_B side by side, PolyBench MEDIUM 30 and seed-paper MEDIUM 8
set -x
export OMP_WAIT_POLICY=passive POLICY_B=${POLICY_B:-/work/data/cm7/p1.pt}
TAG=$1
cd /work/main
for s in polybench pearl; do
/work/main/.venv/bin/python /work/data/cm7/bench2.py --suite $s --dataset MEDIUM --threads 2 --variants base,polyrl-policy,polyrl-policy-b --repeat 3 --timeout 120 --store /work/data/b11/b11.sqlite --out /work/data/b11/medium-$s-$TAG
done
