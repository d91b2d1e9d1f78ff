#!/usr/bin/env bash
# session 43: fresh held-out sets to confirm or refuse r19 (mix41 with the least work of a parallel region
# 2**19 instances instead of 2**17), which gained +2.4% a set on the eight sets of decide43.sh regions (26 programs
# faster, 19 slower by over 5%; r18 +1.6%, 15 / 8). Seeds 151 and 152 (heldout-fresh.sh; mix41 decided there
# already) and a new stencil-rich one, seed 153 (as seed 145: stencils under time loops of up to 500 steps).
#
# The rule, written before seed 153 was generated and before r19 decided on any of the three: r19 ships if the
# three fresh sets' geomeans multiply to at least 1.0; otherwise 2**17 stays.
set -eu
cd /work/runs/s43/fresh
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
[ -d g153 ] || $P/polyrl generate --count 300 --seed 153 --scale 16 --out g153 \
  --weights stencil_jacobi=6,stencil_seidel=6,shared=0.7,time_steps=500 > gen153.log
[ -d h153 ] || $P/python /work/main/reports/session41/fresh_set.py g153 h153 40
MIX41="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
(OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h153 "mix41=$MIX41"
 OMP_NUM_THREADS=1 $P/python /work/main/reports/session43/regions.py h153 r19=19) > decide-153.log 2>&1 &
(for n in 151 152; do OMP_NUM_THREADS=1 $P/python /work/main/reports/session43/regions.py h$n r19=19; done) > decide-151-152-r19.log 2>&1 &
wait
for n in 151 152 153; do
  $P/python /work/main/reports/session41/changed_decisions.py list h$n mix41 r19 h$n/changed-regions.txt
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed-regions.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n-regions.sqlite --batch 8 --no-progress > measure-h$n-regions.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report h$n h$n-regions.sqlite mix41 r19 > changed-regions-h$n.txt
  grep against changed-regions-h$n.txt
done
echo all done
