#!/usr/bin/env bash
# session 42: the pick with the check's model as a third vote (vote100, vote125), decided on session 38's
# five held-out sets and session 41's two fresh ones (nothing timed), then the changed programs listed
set -u
V="vote100=1.0 vote125=1.25"
one() { OMP_NUM_THREADS=1 /work/main/.venv/bin/python /work/main/reports/session42/pick_vote.py $1 $V
        /work/main/.venv/bin/python /work/main/reports/session41/changed_decisions.py list $1 mix41 vote100 vote125 $1/changed42.txt; }
(for d in /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgq /work/runs/s41/fresh/h144; do one $d; done) > decide42-a.log 2>&1 &
(for d in /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h145; do one $d; done) > decide42-b.log 2>&1 &
wait
echo all decided
