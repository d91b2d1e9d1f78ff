#!/usr/bin/env bash
# session 44: mix44 passed train44.sh's rule (nine sets 1.011, fresh seeds 157 and 158 1.050x and 1.025x). Its one-shot
# schedules for PolyBench LARGE, computed after (nothing chosen on them), keep the original loops of symm, syr2k
# and syrk (3.19x, 7.40x and 1.16x in session 42's run). In the choice the set most like those kernels, seed 137
# (triangular and contraction-rich, scale 16), was the one mix44 lost on (0.972x: 0 faster, 3 slower). Whether that
# is a pattern is asked here of a fresh generated set of that kind, seed 159 (as seed 137), not of PolyBench.
#
# The rule, written before seed 159 was generated and before either configuration decided on it: if mix44's
# geomean against the pipeline of session 43 (r19: session 41's fine-tunes) is below 0.98 there, mix44 is not
# shipped (session 41's fine-tunes stay); otherwise it ships.
set -eu
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=/work/runs/s44
cd $S
R19="$W/costmodel-forms.pt+$S/F41-forms-amd.pt,$W/costmodel-forms-tuned.pt+$S/F41-tuned-amd.pt"
MIX44="$W/costmodel-forms.pt+$S/F44-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F44-tuned-export.pt"
[ -d g159 ] || $P/polyrl generate --count 120 --seed 159 --scale 16 --weights triangular=3,imperfect=1,contraction=2 --out g159 > gen159.log
[ -d h159 ] || $P/python /work/main/reports/session41/fresh_set.py g159 h159 40
# the two decide at once (pipeline_eval.py adds each to decisions.json under a lock)
(OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h159 "r19=$R19") > decide-159a.log 2>&1 &
(OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h159 "mix44=$MIX44") > decide-159b.log 2>&1 &
wait
$P/python /work/main/reports/session41/changed_decisions.py list h159 r19 mix44 h159/changed44m.txt
OMP_WAIT_POLICY=passive $P/polyrl measure h159/corpus --schedules h159/changed44m.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 20 --compile-timeout 120 --store h159-m44.sqlite --batch 8 --no-progress > measure-h159-m44.log 2>&1
$P/python /work/main/reports/session41/changed_decisions.py report h159 h159-m44.sqlite r19 mix44 > changed44m-h159.txt
grep against changed44m-h159.txt
