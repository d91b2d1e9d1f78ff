#!/usr/bin/env bash
# session 42: the programs decided differently by vote100/vote125 and the shipped pipeline (mix41), measured side
# by side in a fresh store per set (the original, mix41's schedule and each vote's), nothing else running
set -u
P=/work/main/.venv/bin
for d in /work/runs/s38/hgv /work/runs/s38/hgt /work/runs/s38/hgp /work/runs/s38/hgw /work/runs/s38/hgq /work/runs/s41/fresh/h144 /work/runs/s41/fresh/h145; do
  n=$(basename $d)
  OMP_WAIT_POLICY=passive $P/polyrl measure $d/corpus --schedules $d/changed42.txt --workers 2 --threads 2 --repeat 3 \
    --timeout 20 --compile-timeout 120 --store /work/runs/s42/$n-s42.sqlite --batch 8 --no-progress > /work/runs/s42/measure-$n-s42.log 2>&1
  $P/python /work/main/reports/session41/changed_decisions.py report $d /work/runs/s42/$n-s42.sqlite mix41 vote100 vote125 > /work/runs/s42/changed42-$n.txt
  echo "$n done"
done
echo all measured
