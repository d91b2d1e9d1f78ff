#!/usr/bin/env bash
# session 44: the two fresh held-out sets of train44.sh's rule, for the candidate CONFIG (mix44 or amd44) that
# decide44.sh chose. Seed 157: 60 programs at --scale 0.05 (as seed 154); seed 158: 40 programs of a default
# corpus at scale 1 with imperfect nests (as seed 151, smaller). The shipped pipeline (r19) and CONFIG decide, then
# the changed programs are measured side by side; it ships if the two set geomeans multiply to at least 1.0.
#   bash confirm44.sh mix44
set -eu
cfg=${1:?mix44 or amd44}
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=/work/runs/s44
case $cfg in
  mix44) SPEC="$W/costmodel-forms.pt+$S/F44-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F44-tuned-export.pt";;
  amd44) SPEC="$S/F44-forms-export.pt,$S/F44-tuned-export.pt";;
  *) echo "confirm44.sh: mix44 or amd44, not $cfg" >&2; exit 2;;
esac
MIX41="$W/costmodel-forms.pt+$W/costmodel-forms-amd.pt,$W/costmodel-forms-tuned.pt+$W/costmodel-forms-tuned-amd.pt"
cd $S
[ -d g157 ] || $P/polyrl generate --count 300 --seed 157 --scale 0.05 --weights imperfect=1 --out g157 > gen157.log
[ -d g158 ] || $P/polyrl generate --count 120 --seed 158 --scale 1 --weights imperfect=1 --out g158 > gen158.log
[ -d h157 ] || $P/python /work/main/reports/session41/fresh_set.py g157 h157 60 0.05 5
[ -d h158 ] || $P/python /work/main/reports/session41/fresh_set.py g158 h158 40
for n in 157 158; do
  (OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide h$n "r19=$MIX41" "$cfg=$SPEC"
   $P/python /work/main/reports/session41/changed_decisions.py list h$n r19 $cfg h$n/changed44m.txt) > decide-$n.log 2>&1 &
done
wait
for n in 157 158; do
  OMP_WAIT_POLICY=passive $P/polyrl measure h$n/corpus --schedules h$n/changed44m.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store h$n-m44.sqlite --batch 8 --no-progress > measure-h$n-m44.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report h$n h$n-m44.sqlite r19 $cfg > changed44m-h$n.txt
  echo "h$n: $(grep against changed44m-h$n.txt)"
done
