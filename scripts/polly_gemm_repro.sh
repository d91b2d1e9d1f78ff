#!/usr/bin/env bash
# Polly on gemm outside polyrl's harness: PolyBench's own main, the arrays dumped
# (-DPOLYBENCH_DUMP_ARRAYS), compared with gcc -O0. Usage: scripts/polly_gemm_repro.sh [CLANG] [DATASET]
# (default clang-16 MEDIUM). It prints, for Polly and for plain clang -O3, whether the dump
# is identical to gcc -O0's, with and without floating-point contraction (FMA).
set -euo pipefail
CC=${1:-clang-16}
SIZE=${2:-MEDIUM}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PB=$ROOT/datasets/polybench
G=$PB/linear-algebra/blas/gemm
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
common=(-I"$PB/utilities" -I"$G" "$PB/utilities/polybench.c" "$G/gemm.c" -D"${SIZE}_DATASET" -DPOLYBENCH_DUMP_ARRAYS -lm)
polly=(-mllvm -polly -mllvm -polly-parallel -mllvm -polly-vectorizer=stripmine -fopenmp)
gcc -O0 "${common[@]}" -o "$W/ref"
"$W/ref" 2> "$W/ref.txt"
run() {  # name, then compiler flags
  local name=$1; shift
  "$CC" -O3 -march=native "$@" "${common[@]}" -o "$W/$name"
  OMP_NUM_THREADS=2 "$W/$name" 2> "$W/$name.txt"
  if cmp -s "$W/ref.txt" "$W/$name.txt"; then echo "$name: identical to gcc -O0"
  else echo "$name: differs from gcc -O0 in $(diff <(tr -s ' ' '\n' < "$W/ref.txt") <(tr -s ' ' '\n' < "$W/$name.txt") | grep -c '^<') printed values"; fi
}
run polly "${polly[@]}"
run polly-nofma -ffp-contract=off "${polly[@]}"
run clang -fopenmp
run clang-nofma -ffp-contract=off -fopenmp
