#!/usr/bin/env bash
# The PolyBench comparison of the closing notes: all 30 kernels at MEDIUM, then gemm, 2mm
# and 3mm at LARGE, with every variant whose tools are installed (the others are reported
# "not available"). Extra arguments go to both runs, e.g. --store bench.db --threads 4.
# On a machine shared with other jobs, OMP_WAIT_POLICY=passive keeps a descheduled
# OpenMP thread from stalling every barrier; set it in the environment and the tables say so.
set -euo pipefail
cd "$(dirname "$0")/.."
POLYRL=${POLYRL:-.venv/bin/polyrl}
OUT=${OUT:-bench-out/$(date +%Y%m%d-%H%M%S)}
VARIANTS=base,graphite,polly,pluto,polyrl-schedule
"$POLYRL" bench --suite polybench --dataset MEDIUM --variants "$VARIANTS" --repeat 3 --timeout 120 \
  --out "$OUT/medium" "$@"
"$POLYRL" bench --suite polybench --dataset LARGE --kernels gemm,2mm,3mm --variants "$VARIANTS" --repeat 3 \
  --timeout 300 --out "$OUT/large" "$@"
