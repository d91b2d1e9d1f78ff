#!/usr/bin/env bash
# session 43: the programs r18 or r19 (regions.py) decide otherwise than mix41, measured side by side in a fresh
# store per set (the original, mix41's schedule, r18's and r19's), nothing else running
set -u
P=/work/main/.venv/bin
for d in /work/runs/s38/hgq /work/runs/s38/hgp /work/runs/s41/fresh/h145 /work/runs/s38/hgv /work/runs/s38/hgt /work/runs/s38/hgw /work/runs/s41/fresh/h144 /work/runs/s42/fresh/h149; do
  n=$(basename $d)
  [ -s $d/changed-regions.txt ] || { echo "$n: nothing changed"; continue; }
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed-regions.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store /work/runs/s43/$n-regions.sqlite --batch 8 --no-progress > /work/runs/s43/measure-$n-regions.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d /work/runs/s43/$n-regions.sqlite mix41 r18 r19 > /work/runs/s43/changed-regions-$n.txt
  echo "$n done"; grep against /work/runs/s43/changed-regions-$n.txt
done
echo all measured
