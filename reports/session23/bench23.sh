#!/usr/bin/env bash
# session 23: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): base, graphite, polly
# (Debian 12's clang-16), PLUTO (../shared/tools/pluto/polycc, both settings), polyrl's shipped schedules,
# the Pluto form (polyrl-affine, affine-tile, MACROS_VERSION 8) and the shipped policy (p6). Every variant's
# arrays are compared with the base's in 2 separate runs (--verify-runs 2). Outputs under bench/s23-large30.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE \
  --variants base,graphite,polly,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-affine,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --verify-runs 2 --polycc ../shared/tools/pluto/polycc \
  --store bench/s23-l30.sqlite --out bench/s23-large30
