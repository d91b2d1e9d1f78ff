#!/usr/bin/env bash
# session 43: the programs listed by decide43.sh (SET/LIST.txt: decided otherwise than the shipped mix41), measured
# side by side in a fresh store per set (the original, mix41's schedule and each configuration's), nothing else
# running; each set's comparison in /work/runs/s43/LIST-SET.txt.
#   bash measure43.sh changed43 mix43 amd43
#   bash measure43.sh changed-regions r18 r19
set -u
P=/work/main/.venv/bin
list=${1:?LIST CONFIG...}; shift
for d in /work/runs/s42/fresh/h149 /work/runs/s38/hgt /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgw /work/runs/s38/hgq /work/runs/s41/fresh/h144 /work/runs/s41/fresh/h145; do
  n=$(basename $d)
  [ -s $d/$list.txt ] || { echo "$n: nothing changed"; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/$list.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store /work/runs/s43/$n-$list.sqlite --batch 8 --no-progress > /work/runs/s43/measure-$n-$list.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d /work/runs/s43/$n-$list.sqlite mix41 "$@" > /work/runs/s43/$list-$n.txt
  echo "$n done"; grep against /work/runs/s43/$list-$n.txt
done
echo all measured
