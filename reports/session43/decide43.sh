#!/usr/bin/env bash
# session 43: the one-shot pipeline with session 43's AMD forms fine-tunes blended with the shipped forms models
# (mix43), decided on session 38's five held-out sets, session 41's two fresh ones and session 42's seed 149
# (contraction-rich, scale 1); nothing timed. Then the programs mix43 decides otherwise than the shipped
# mix41 listed.
set -u
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
F=/work/runs/s43
MIX43="$W/costmodel-forms.pt+$F/F43-forms-export.pt,$W/costmodel-forms-tuned.pt+$F/F43-tuned-export.pt"
one() { OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide $1 "mix43=$MIX43"
        $P/python /work/main/reports/session41/changed_decisions.py list $1 mix41 mix43 $1/changed43.txt; }
(for d in /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgq /work/runs/s41/fresh/h144; do one $d; done) > $F/decide43-a.log 2>&1 &
(for d in /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h145 /work/runs/s42/fresh/h149; do one $d; done) > $F/decide43-b.log 2>&1 &
wait
echo all decided
