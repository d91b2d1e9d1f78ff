#!/usr/bin/env bash
# session 43: the programs mix43 or amd43 decides otherwise than the shipped mix41, measured side by side in a fresh
# store per set (the original, mix41's schedule, mix43's and amd43's), nothing else running
set -u
P=/work/main/.venv/bin
for d in /work/runs/s42/fresh/h149 /work/runs/s38/hgt /work/runs/s38/hgv /work/runs/s38/hgp /work/runs/s38/hgw /work/runs/s38/hgq /work/runs/s41/fresh/h144 /work/runs/s41/fresh/h145; do
  n=$(basename $d)
  [ -s $d/changed43.txt ] || { echo "$n: nothing changed"; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed43.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store /work/runs/s43/$n-s43.sqlite --batch 8 --no-progress > /work/runs/s43/measure-$n-s43.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d /work/runs/s43/$n-s43.sqlite mix41 mix43 amd43 > /work/runs/s43/changed43-$n.txt
  echo "$n done"; tail -n 3 /work/runs/s43/changed43-$n.txt
done
echo all measured
