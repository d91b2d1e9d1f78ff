#!/usr/bin/env bash
# session 38: PolyBench MEDIUM on the Zen 3 with the forms models blended with their AMD fine-tunes
# (polyrl-policy, the new default), the same without the pick (polyrl-checked), and the old default
# (the unblended models' schedules from reports/session38/unblended.py, as polyrl-schedule), side by side
# in one run beside PLUTO; nothing else running.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
[ -f bench/s38-medium-unblended.txt ] || python reports/session38/unblended.py MEDIUM bench/s38-medium-unblended.txt
$P bench --suite polybench --dataset MEDIUM \
  --variants base,pluto,pluto-nounrolljam,polyrl-policy,polyrl-checked,polyrl-schedule \
  --schedules bench/s38-medium-unblended.txt \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s38-medium.sqlite --out bench/s38-medium
