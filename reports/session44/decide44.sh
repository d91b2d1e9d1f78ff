#!/usr/bin/env bash
# session 44: mix44 and amd44 (train44.sh, whose header holds the rule) against the pipeline as shipped (r19) on
# held-out seed 154 and decide43.sh's eight sets: decisions (nothing timed), then the programs decided otherwise
# measured side by side (the original, r19's, mix44's and amd44's schedules) in a fresh store per set, nothing
# else running; each set's comparison in /work/runs/s44/changed44m-SET.txt.
#   bash decide44.sh            # decide, then measure
#   bash decide44.sh measure    # measure only
set -u
P=/work/main/.venv/bin
W=/work/main/polyrl/model/weights
S=/work/runs/s44
MIX44="$W/costmodel-forms.pt+$S/F44-forms-export.pt,$W/costmodel-forms-tuned.pt+$S/F44-tuned-export.pt"
AMD44="$S/F44-forms-export.pt,$S/F44-tuned-export.pt"
sets="$S/h154 /work/runs/s42/fresh/h149 /work/runs/s38/hgt /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgw
      /work/runs/s38/hgq /work/runs/s41/fresh/h144 /work/runs/s41/fresh/h145"
one() { OMP_NUM_THREADS=1 $P/python /work/main/reports/session38/pipeline_eval.py decide $1 "mix44=$MIX44" "amd44=$AMD44"
        $P/python /work/main/reports/session41/changed_decisions.py list $1 r19 mix44 amd44 $1/changed44m.txt; }
if [ "${1:-}" != measure ]; then
  (for d in $(echo $sets | tr ' ' '\n' | sed -n '1~2p'); do one $d; done) > $S/decide44-a.log 2>&1 &
  (for d in $(echo $sets | tr ' ' '\n' | sed -n '2~2p'); do one $d; done) > $S/decide44-b.log 2>&1 &
  wait; echo all decided
fi
for d in $sets; do
  n=$(basename $d)
  [ -s $d/changed44m.txt ] || { echo "$n: nothing changed"; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed44m.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store $S/$n-m44.sqlite --batch 8 --no-progress > $S/measure-$n-m44.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d $S/$n-m44.sqlite r19 mix44 amd44 > $S/changed44m-$n.txt
  echo "$n: $(grep against $S/changed44m-$n.txt | tr '\n' ' ')"
done
echo all measured
