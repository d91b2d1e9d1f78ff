#!/usr/bin/env bash
# Issue 2's benchmark: tiled + parallel gemm against the original, both under
# gcc -O3 -march=native, 2 threads, side by side in one run (min of 5 after a warm-up).
# Usage: bash scripts/bench_gemm.sh [DATASET]   (default LARGE: 1000 x 1100 x 1200)
set -euo pipefail
cd "$(dirname "$0")/.."
DATASET=${1:-LARGE}
POLYRL=${POLYRL:-.venv/bin/polyrl}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
PB=datasets/polybench/linear-algebra/blas/gemm/gemm.c
for schedule in "B1:T2(0,1,32,32) B1:P(0)" "B1:T3(0,1,2,32,128,256) B1:P(0)" \
    "B1:T3(0,1,2,32,128,256) B1:P(0) B1:J2(3,4,4,2)"; do
  echo "== PolyBench gemm, $DATASET, schedule: $schedule"
  "$POLYRL" run "$PB" -I datasets/polybench/utilities -D"${DATASET}_DATASET" \
    --schedule "$schedule" --threads 2 --repeat 5
done
# the same product written by hand (i-j-k order, N = 1000)
schedule="B1:I(1,2) B1:T2(0,1,32,32) B1:P(0)"
echo "== datasets/examples/matmul.c, schedule: $schedule"
"$POLYRL" run datasets/examples/matmul.c --schedule "$schedule" --threads 2 --repeat 5
