#!/usr/bin/env bash
# session 38: PolyBench LARGE on the Zen 3: base, PLUTO, polyrl-policy (the new default: the forms models
# blended with their AMD fine-tunes), polyrl-checked (without the pick) and the old default's schedules
# (unblended.py, as polyrl-schedule), side by side in one run; nothing else running.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
[ -f bench/s38-large-unblended.txt ] || python reports/session38/unblended.py LARGE bench/s38-large-unblended.txt
$P bench --suite polybench --dataset LARGE \
  --variants base,pluto,polyrl-policy,polyrl-checked,polyrl-schedule --schedules bench/s38-large-unblended.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s38-large.sqlite --out bench/s38-large
