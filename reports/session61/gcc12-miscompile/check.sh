#!/usr/bin/env bash
# session 61: seed 259's wrong results (session 60's gcc_repro.sh) reduced to vect_bug.c, ten lines of plain C with
# no undefined behaviour: H[j][i] = G[i][j]; then, when i >= 2, E[j][i-1] = H[j][i-1] + H[j][i-2] + H[j][i]. The
# loop over i carries H's values forward (distance 1 and 2) and reads this iteration's H[j][i] after writing it.
# gcc 12.2 (Debian 12.2.0-14) at -O3 with AVX-512 (-march=native on this Zen 5, -mavx512f -mavx512vl, or
# -march=x86-64-v4) gives E[j][20] = H[j][19] + H[j][21] + stale H[j][21] for every j: the last iteration reads
# H[j][i] before its store. -O0, -O2 -ftree-vectorize, -O3 -mavx2, -O3 with -fno-tree-loop-vectorize,
# -fno-tree-slp-vectorize or -fno-tree-loop-if-convert all give the right values; -O2 -ftree-vectorize -fpeel-loops
# is wrong too. polyrl's schedule B0:A(2) B2:I(1,2) fused two nests into this shape; its verification caught it.
# stencil_bug.c (seed 261's prog_000108, an original program): A[i][j] = 0.25 * (A[i][j] + A[i+1][j+1] + A[i-1][j-1]
# + A[i][j+1]) over 13x13 points. At -O3 (any -march) gcc unrolls the j loop completely and then vectorizes the i loop
# ("loop vectorized using 16 byte vectors" on line 5), which carries A[i-1][j-1] from row to row: 138 of 225 values
# wrong. -O2, -O2 -ftree-loop-vectorize and -O3 -fno-tree-loop-vectorize are right. polyrl measure's baseline check
# (the original at -O3 against -O1) refused the program as baseline-miscompiled.
#   bash reports/session61/gcc12-miscompile/check.sh
set -u
cd "$(dirname "$0")"
d=$(mktemp -d)
gcc --version | head -1
for flags in "-O0" "-O2 -ftree-vectorize -march=native" "-O3 -mavx2" "-O3 -march=native" "-O3 -march=x86-64-v4" \
             "-O3 -march=native -fno-tree-loop-vectorize" "-O3 -march=native -fno-tree-slp-vectorize" \
             "-O3 -march=native -fno-tree-loop-if-convert" "-O2 -ftree-vectorize -fpeel-loops -march=native"; do
  gcc $flags -o $d/a.out vect_bug.c && printf 'vect_bug.c     %-50s %s\n' "$flags" "$($d/a.out)"
done
for flags in "-O0" "-O2" "-O2 -ftree-loop-vectorize" "-O3" "-O3 -march=native" "-O3 -fno-tree-loop-vectorize"; do
  gcc $flags -o $d/a.out stencil_bug.c && printf 'stencil_bug.c  %-50s %s\n' "$flags" "$($d/a.out)"
done
rm -rf $d
