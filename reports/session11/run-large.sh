#!/usr/bin/env bash
# session 11: the shipped policy (polyrl-policy) and the re-distilled cm7/p1.pt (polyrl-policy-b), side by side, PolyBench LARGE
set -x
export OMP_WAIT_POLICY=passive POLICY_B=${POLICY_B:-/work/data/cm7/p1.pt}
cd /work/main
/work/main/.venv/bin/python /work/data/cm7/bench2.py --suite polybench --dataset LARGE --threads 2 --variants ${VARIANTS:-base,polyrl-policy,polyrl-policy-b} --repeat 3 --timeout 120 --store /work/data/b11/${TAG:-p1}.sqlite --out /work/data/b11/large-${TAG:-p1}
