#!/usr/bin/env bash
# session 43: mix41 with the least work of a parallel region raised from 2**17 to 2**18 and 2**19 instances
# (regions.py), decided on the eight held-out sets of decide43.sh (nothing timed); on seed 140 (hgq) 2**17 again
# as a control (it must decide as mix41). Then the programs decided otherwise than mix41 listed.
set -u
P=/work/main/.venv/bin
F=/work/runs/s43
one() { OMP_NUM_THREADS=1 $P/python /work/main/reports/session43/regions.py $1 r18=18 r19=19 "${@:2}"
        $P/python /work/main/reports/session41/changed_decisions.py list $1 mix41 r18 r19 $1/changed-regions.txt; }
(for d in /work/runs/s38/hgq /work/runs/s38/hgp /work/runs/s38/hgv /work/runs/s41/fresh/h144; do
   if [ $(basename $d) = hgq ]; then one $d r17=17; else one $d; fi; done) > $F/decide-regions-a.log 2>&1 &
(for d in /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h145 /work/runs/s42/fresh/h149; do one $d; done) > $F/decide-regions-b.log 2>&1 &
wait
echo all decided
