#!/usr/bin/env bash
# session 35: every macro-pick candidate of two more held-out sets (seed 85: stencil-rich, scale 16;
# seed 77: scale 16), planned then measured side by side in one fresh store per set. Run in /work/runs/s35.
set -eu
cd /work/main
for s in gp:/work/runs/s33/gp gv:/work/runs/s30/gv; do
  n=${s%%:*}; c=${s#*:}
  .venv/bin/python reports/session35/pick_plan.py - /work/runs/s35/h$n --store - --corpus $c --machine - --heldout --count 40 --model pick=polyrl/model/weights/costmodel-pick.pt --model c32=polyrl/model/weights/costmodel-forms.pt --model c34=polyrl/model/weights/costmodel-forms-tuned.pt --model check=polyrl/model/weights/costmodel.pt > /work/runs/s35/plan-h$n.log 2>&1
done
cd /work/runs/s35
for n in gp gv; do
  /work/main/.venv/bin/python /work/main/reports/session35/pick_eval.py candidates h$n/plan.json h$n/all.txt
  OMP_WAIT_POLICY=passive /work/main/.venv/bin/polyrl measure h$n/corpus --schedules h$n/all.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
done
