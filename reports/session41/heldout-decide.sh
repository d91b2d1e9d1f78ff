#!/usr/bin/env bash
# session 41: the forms fine-tunes taught every AMD label of the set (train-forms.sh, F41-*) against
# session 38's (the shipped blend, "mix"), on session 38's five held-out sets of this machine kind
# (seeds 77, 137, 85, 139, 140: /work/runs/s38/h*): the one-shot pipeline's decisions (nothing timed),
# then the programs where a new configuration decides otherwise measured side by side in a fresh store:
# the original, session 38's decision and the new ones in one run. Nothing else timing beside the measuring.
set -eu
cd /work/runs/s38
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
N=/work/runs/s41
decide() {  # one set's decisions (single-threaded: two sets at a time on the two cores)
  n=$1
  OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h$n \
    "mix38=$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt" \
    amd41=$N/F41-forms-export.pt,$N/F41-tuned-export.pt \
    "mix41=$W/costmodel-forms.pt+$N/F41-forms-export.pt,$W/costmodel-forms-tuned.pt+$N/F41-tuned-export.pt"
  $P/python /work/main/reports/session41/changed_decisions.py list h$n mix38 amd41 mix41 h$n/changed41.txt
}
(decide gv; decide gp; decide gq) > decide-s41-a.log 2>&1 &
(decide gt; decide gw) > decide-s41-b.log 2>&1 &
wait
for n in gv gt gp gw gq; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed41.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n-s41.sqlite --batch 8 --no-progress > measure-h$n-s41.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report h$n h$n-s41.sqlite mix38 amd41 mix41 > changed41-h$n.txt
done
echo all done
