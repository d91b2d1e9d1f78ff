#!/usr/bin/env bash
# session 22: PolyBench LARGE, one run, machine otherwise quiet (Intel Xeon, 2 cores): base, graphite, polly
# (Debian 12's clang-16), PLUTO (../shared/tools/pluto/polycc, both settings), polyrl's Pluto form (polyrl-affine,
# affine-tile, MACROS_VERSION 4) and the shipped policy (p6). --timeout 120: session 21's 60 s left
# floyd-warshall and seidel-2d without a baseline. Outputs under bench/s22-large30.
set -x
export OMP_WAIT_POLICY=passive
P=${POLYRL:-polyrl}
cd "$(dirname "$0")/../.."
mkdir -p bench
$P bench --suite polybench --dataset LARGE --variants base,graphite,polly,pluto,pluto-nounrolljam,polyrl-affine,polyrl-policy \
  --threads 2 --repeat 3 --timeout 120 --polycc ../shared/tools/pluto/polycc --store bench/s22-l30.sqlite --out bench/s22-large30
