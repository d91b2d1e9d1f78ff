#!/usr/bin/env bash
# session 21: PolyBench LARGE, one run, machine otherwise quiet: base, graphite, polly (Debian 12's clang-16),
# PLUTO (../shared/tools/pluto/polycc, both settings), polyrl's Pluto form (polyrl-affine, affine-tile v3) and the
# shipped policy (p6). Outputs under bench/s21-large30.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE --variants base,graphite,polly,pluto,pluto-nounrolljam,polyrl-affine,polyrl-policy \
  --threads 2 --repeat 3 --timeout 60 --polycc ../shared/tools/pluto/polycc --store bench/s21-l30.sqlite --out bench/s21-large30
