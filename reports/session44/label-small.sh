#!/usr/bin/env bash
# session 44: macro-schedule labels of MEDIUM-sized programs (generate --scale 0.05: 0.25-2 ms targets), which no
# model has seen: first held-out seed 154's 60 programs (a test set: its store stays out of datasets/labels), then
# training seed 155 (400 programs, imperfect nests as in triangular solves). Stop with pkill -INT -f 'polyrl measure';
# a second run resumes from the store.
set -u
cd /work/runs/s44
P=/work/main/.venv/bin
OMP_WAIT_POLICY=passive $P/polyrl measure h154/corpus --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store h154-macros.sqlite --batch 4 --no-progress > label-h154.log 2>&1
OMP_WAIT_POLICY=passive $P/polyrl measure g155 --schedules macros --workers 2 --threads 2 --repeat 3 --timeout 20 \
  --compile-timeout 60 --store labels155.sqlite --batch 4 --no-progress > label-g155.log 2>&1
