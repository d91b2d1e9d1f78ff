#!/usr/bin/env bash
# session 42: does the macro pick lose on small, contraction-rich generated programs on the Zen 3, as it
# does on PolyBench MEDIUM here? A fresh held-out set (seed 149, scale 1: baselines of 1-40 ms, arrays
# mostly within L3; contraction-rich), 40 programs (session 41's fresh_set.py: estimates 10-300 ms);
# the shipped pipeline (mix41) and the same without the pick (mix41nopick) decide, then the programs
# they decide differently measured side by side in a fresh store. Nothing else running.
set -eu
mkdir -p /work/runs/s42/fresh && cd /work/runs/s42/fresh
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
MIX="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
[ -d g149 ] || $P/polyrl generate --count 120 --seed 149 --scale 1 --out g149 \
  --weights contraction=3,transpose=1.5,triangular=1.5,imperfect=2,stencil_seidel=0.5,stencil_jacobi=0.5 > gen149.log
$P/python /work/main/reports/session41/fresh_set.py g149 h149 40
OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h149 "mix41=$MIX" "mix41nopick=$MIX:nopick" > decide-149.log 2>&1
$P/python /work/main/reports/session41/changed_decisions.py list h149 mix41 mix41nopick h149/changed42.txt
OMP_WAIT_POLICY=passive $P/polyrl measure h149/corpus --schedules h149/changed42.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 20 --compile-timeout 120 --store h149.sqlite --batch 8 --no-progress > measure-h149.log 2>&1
$P/python /work/main/reports/session41/changed_decisions.py report h149 h149.sqlite mix41 mix41nopick > changed42-h149.txt
echo all done
