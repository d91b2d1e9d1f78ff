#!/usr/bin/env bash
# session 35: trmm's affine-blis plan at MEDIUM before and after its one-iteration parallel tile is halved (the
# only PolyBench kernel the change touches: trmm's blis-large, tile-nopack and affine-blis at MEDIUM), side by
# side with base and the shipped one-shot schedule, 7 runs each. Outputs under bench/.
set -x
export OMP_WAIT_POLICY=passive POLYRL_SCHEDULES_NEW=reports/session35/tile-fix-new.txt
cd "$(dirname "$0")/../.."
.venv/bin/python reports/session35/bench_macro_fix.py --suite polybench --dataset MEDIUM --kernels trmm \
  --schedules reports/session35/tile-fix-old.txt --variants base,polyrl-policy,polyrl-schedule,polyrl-schedule-new \
  --threads 2 --repeat 7 --timeout 120 --verify-runs 2 --store bench/s35-tile-fix.sqlite --out bench/s35-tile-fix
