#!/usr/bin/env bash
# session 43: as decide43.sh, with the new AMD forms fine-tunes alone (amd43, not blended with the shipped
# models: on seed 149 they rank the measured macro schedules at a within-program Spearman of 0.621, the blend
# 0.557); the changed lists then hold the programs where mix43 or amd43 decides otherwise than mix41.
set -u
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
F=/work/runs/s43
AMD43="$F/F43-forms-export.pt,$F/F43-tuned-export.pt"
one() { OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide $1 "amd43=$AMD43"
        $P/python /work/main/reports/session41/changed_decisions.py list $1 mix41 mix43 amd43 $1/changed43.txt; }
(for d in /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgq /work/runs/s41/fresh/h144; do one $d; done) > $F/decide43-c.log 2>&1 &
(for d in /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h145 /work/runs/s42/fresh/h149; do one $d; done) > $F/decide43-d.log 2>&1 &
wait
echo all decided
