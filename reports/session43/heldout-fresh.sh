#!/usr/bin/env bash
# session 43: two fresh held-out sets to confirm or refuse mix43 (session 43's fine-tunes blended with the
# shipped forms models), which gained +1.0% a set (14 programs faster, 7 slower by over 5%) against the
# shipped mix41 on the eight earlier sets (measure43.sh). Seed 151: every pattern, imperfect nests too,
# scale 16 (as seeds 139 and 144); seed 152: contraction-rich at scale 1 (as seed 149). 40 programs each
# (session 41's fresh_set.py). mix41 and mix43 decide, then the changed programs measured side by side.
#
# The rule, written before these were generated: mix43 ships if the two fresh sets' geomeans multiply to
# at least 1.0 and, over all ten sets, the mean per-set gain stays positive with more programs faster than
# slower; otherwise mix41 stays.
set -eu
mkdir -p /work/runs/s43/fresh && cd /work/runs/s43/fresh
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
F=/work/runs/s43
[ -d g151 ] || $P/polyrl generate --count 120 --seed 151 --scale 16 --out g151 --weights imperfect=1 > gen151.log
[ -d g152 ] || $P/polyrl generate --count 120 --seed 152 --scale 1 --out g152 \
  --weights contraction=3,transpose=1.5,triangular=1.5,imperfect=2,stencil_seidel=0.5,stencil_jacobi=0.5 > gen152.log
for n in 151 152; do [ -d h$n ] || $P/python /work/main/reports/session41/fresh_set.py g$n h$n 40; done
decide() {
  OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h$1 \
    "mix41=$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt" \
    "mix43=$W/costmodel-forms.pt+$F/F43-forms-export.pt,$W/costmodel-forms-tuned.pt+$F/F43-tuned-export.pt"
  $P/python /work/main/reports/session41/changed_decisions.py list h$1 mix41 mix43 h$1/changed43.txt
}
decide 151 > decide-151.log 2>&1 &
decide 152 > decide-152.log 2>&1 &
wait
for n in 151 152; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed43.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n.sqlite --batch 8 --no-progress > measure-h$n.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report h$n h$n.sqlite mix41 mix43 > changed43-h$n.txt
done
echo all done
