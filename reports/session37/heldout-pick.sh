#!/usr/bin/env bash
# session 37: the macro pick (c32+c34@1.25) on three held-out generated sets, measured on this
# machine with the fixed emitter (session 36's triangular register blocks): session 35's hgp
# (seed 85, stencil-rich, scale 16) and hgv (seed 77, scale 16), and a new triangular/contraction-
# rich set hgt (seed 137, scale 16). Plans (nothing timed), then every candidate and the original
# side by side in one fresh store per set. Run with nothing else timing.
set -eu
cd "${1:-/work/runs/s37}"  # the run folder (session 38 ran it in /work/runs/s38 on a Zen 3)
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
[ -d gp ] || $P/polyrl generate --count 600 --seed 85 --scale 16 --out gp --weights stencil_jacobi=6,stencil_seidel=6,shared=0.7,time_steps=500
[ -d gv ] || $P/polyrl generate --count 120 --seed 77 --scale 16 --out gv
[ -d gt ] || $P/polyrl generate --count 120 --seed 137 --scale 16 --out gt --weights triangular=3,imperfect=1,contraction=2
for n in gv gt gp; do
  $P/python /work/main/reports/session35/pick_plan.py - h$n --store - --corpus $n --machine - --heldout --count 40 \
    --model c32=$W/costmodel-forms.pt --model c34=$W/costmodel-forms-tuned.pt > plan-h$n.log 2>&1
  $P/python /work/main/reports/session35/pick_eval.py candidates h$n/plan.json h$n/all.txt
done
for n in gv gt gp; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/all.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
done
echo all done
