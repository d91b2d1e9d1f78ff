#!/usr/bin/env bash
# session 38: two fresh held-out sets to confirm what the first three chose (the forms models
# averaged with their AMD fine-tunes, "mix"): seed 139 (every pattern, imperfect nests too, scale 16)
# and seed 140 (stencil-rich, as seed 85). Plans as session 37's heldout-pick.sh, every candidate and
# the original measured side by side in one fresh store per set; then the three configurations'
# decisions (pipeline_eval.py), and any decision not yet measured. Run with nothing else timing.
set -eu
cd /work/runs/s38
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
[ -d gw ] || $P/polyrl generate --count 120 --seed 139 --scale 16 --out gw --weights imperfect=1
[ -d gq ] || $P/polyrl generate --count 600 --seed 140 --scale 16 --out gq --weights stencil_jacobi=6,stencil_seidel=6,shared=0.7,time_steps=500
for n in gw gq; do
  $P/python /work/main/reports/session35/pick_plan.py - h$n --store - --corpus $n --machine - --heldout --count 40 \
    --model c32=$W/costmodel-forms.pt --model c34=$W/costmodel-forms-tuned.pt > plan-h$n.log 2>&1
  $P/python /work/main/reports/session35/pick_eval.py candidates h$n/plan.json h$n/all.txt
done
for n in gw gq; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/all.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
done
for n in gw gq; do
  $P/python /work/main/reports/session38/pipeline_eval.py decide h$n shipped amd=F38-forms-export.pt,F38-tuned-export.pt \
    "mix=$W/costmodel-forms.pt+F38-forms-export.pt,$W/costmodel-forms-tuned.pt+F38-tuned-export.pt"
  $P/python /work/main/reports/session38/pipeline_eval.py schedules h$n h$n/decided.txt
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/decided.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n-decided.log 2>&1
done
echo all done
