#!/usr/bin/env bash
# session 60: seed 259's prog_000121 labelled `wrong-result` under two macro candidates. The fuzzer's own evaluation
# (reproduce_g259.py) minimized them to `B0:A(2) B2:I(1,2)` and `B0:A(1) B2:I(0,1) B3:I(0,1) B3:I(1,2)` and wrote the
# first's reproducer (g259-failure/failures/g259-prog_000121_s00: program.c, emitted.c, ...). This builds program.c
# and emitted.c with several flags and prints E1[0][20]: the emitted C gives the original's value except with
# -O3 -march=native (gcc 12.2 on this AMD Zen 5: AVX-512). Nothing in the region looks undefined (global arrays,
# every index in bounds); its c1 loop writes H[c0][c1] and reads H[c0][c1-2..c1], a dependence of distance 1 and 2
# the vectorizer must not break. polyrl's verification caught it (the label is wrong-result, never a time).
#   bash reports/session60/gcc_repro.sh
set -u
cd "$(dirname "$0")/g259-failure/failures/g259-prog_000121_s00"
d=$(mktemp -d)
for f in program.c emitted.c; do
  sed 's/printf("checksum: %.6e\\n", checksum);/for (i = 0; i < N0; i++) printf("%.9g\\n", E1[i][20]);/' $f > $d/$f
done
for flags in "-O3 -march=native" "-O3 -march=native -fno-tree-vectorize" "-O3 -mavx2 -mfma" "-O2 -march=native"; do
  for f in program.c emitted.c; do
    gcc $flags -fopenmp -o $d/a.out $d/$f && echo "$flags  $f  E1[0][20] = $($d/a.out | head -1)"
  done
done
rm -rf $d
