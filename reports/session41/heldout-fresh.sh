#!/usr/bin/env bash
# session 41: two fresh held-out sets to confirm the choice made on session 38's five (mix41): seed 144
# (every pattern, imperfect nests too, scale 16, as seed 139) and seed 145 (stencil-rich, as seed 140);
# 40 programs each (fresh_set.py); mix38 and mix41 decide (two sets at a time, one core each), then
# the programs they decide differently measured side by side (the original and both decisions).
set -eu
mkdir -p /work/runs/s41/fresh && cd /work/runs/s41/fresh
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
N=/work/runs/s41
[ -d g144 ] || $P/polyrl generate --count 120 --seed 144 --scale 16 --out g144 --weights imperfect=1 > gen144.log
[ -d g145 ] || $P/polyrl generate --count 300 --seed 145 --scale 16 --out g145 \
  --weights stencil_jacobi=6,stencil_seidel=6,shared=0.7,time_steps=500 > gen145.log
for n in 144 145; do $P/python /work/main/reports/session41/fresh_set.py g$n h$n 40; done
decide() {
  OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h$1 \
    "mix38=$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt" \
    "mix41=$W/costmodel-forms.pt+$N/F41-forms-export.pt,$W/costmodel-forms-tuned.pt+$N/F41-tuned-export.pt"
  $P/python /work/main/reports/session41/changed_decisions.py list h$1 mix38 mix41 h$1/changed41.txt
}
decide 144 > decide-144.log 2>&1 &
decide 145 > decide-145.log 2>&1 &
wait
for n in 144 145; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed41.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report h$n h$n.sqlite mix38 mix41 > changed41-h$n.txt
done
echo all done
