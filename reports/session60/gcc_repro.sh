#!/usr/bin/env bash
# session 60: seed 259's prog_000121 labelled `wrong-result` under two macro candidates. Reduced (one action at a
# time, `polyrl run`) to the schedule `B0:A(1) B2:I(0,1) B3:I(0,1) B3:I(1,2)`, whose emitted C
# (wrong-g259-prog_000121-transformed.c, `polyrl optimize ... --schedule ... -o`) prints the same E1 as the original
# with -O2 -march=native, -O3 -mavx2 -mfma and -O3 -march=native -fno-tree-vectorize, and a different one with
# -O3 -march=native (gcc 12.2 on this AMD Zen 5: AVX-512). Nothing in the region looks undefined (global arrays, every
# index in bounds); the c1 loop that writes H[c0][c1] and reads H[c0][c1-2..c1] carries a dependence of distance 1
# and 2, which the vectorizer must not break. polyrl's verification caught it (the label is wrong-result, never a
# time). Next: reduce to a standalone gcc test case and check a newer gcc.
#   bash reports/session60/gcc_repro.sh
set -u
cd "$(dirname "$0")"
d=$(mktemp -d)
for f in wrong-g259-prog_000121.c wrong-g259-prog_000121-transformed.c; do
  sed 's/printf("checksum: %.6e\\n", checksum);/for (i = 0; i < N0; i++) printf("%.9g\\n", E1[i][20]);/' $f > $d/$f
done
for flags in "-O3 -march=native" "-O3 -march=native -fno-tree-vectorize" "-O3 -mavx2 -mfma" "-O2 -march=native"; do
  for f in wrong-g259-prog_000121.c wrong-g259-prog_000121-transformed.c; do
    gcc $flags -fopenmp -o $d/a.out $d/$f && echo "$flags  $f  E1[0][20] = $($d/a.out | head -1)"
  done
done
rm -rf $d
