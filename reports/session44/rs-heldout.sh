#!/usr/bin/env bash
# session 44: rs (regions44.py) against r19 on the eleven held-out sets session 43 decided r19 on (decide43.sh's eight,
# h151-h153); rs differs from r19 only where a region of 2**17-2**19 instances starts once. The programs decided
# otherwise are measured side by side (original, r19, rs) in a fresh store per set, nothing else running;
# the rule is in small-regions.sh.
set -u
P=/work/main/.venv/bin
S=/work/runs/s44
sets="/work/runs/s42/fresh/h149 /work/runs/s38/hgt /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgw /work/runs/s38/hgq
      /work/runs/s41/fresh/h144 /work/runs/s41/fresh/h145 /work/runs/s43/fresh/h151 /work/runs/s43/fresh/h152 /work/runs/s43/fresh/h153"
one() { OMP_NUM_THREADS=1 $P/python /work/main/reports/session44/regions44.py $1 rs
        $P/python /work/main/reports/session41/changed_decisions.py list $1 r19 rs $1/changed44.txt; }
if [ "${1:-}" != measure ]; then
  (for d in $(echo $sets | tr ' ' '\n' | sed -n '1~2p'); do one $d; done) > $S/decide-rs-a.log 2>&1 &
  (for d in $(echo $sets | tr ' ' '\n' | sed -n '2~2p'); do one $d; done) > $S/decide-rs-b.log 2>&1 &
  wait; echo all decided
fi
for d in $sets; do
  n=$(basename $d)
  [ -s $d/changed44.txt ] || { echo "$n: nothing changed"; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed44.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store $S/$n-rs.sqlite --batch 8 --no-progress > $S/measure-$n-rs.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d $S/$n-rs.sqlite r19 rs > $S/changed44-$n.txt
  echo "$n: $(grep against $S/changed44-$n.txt)"
done
echo all measured
