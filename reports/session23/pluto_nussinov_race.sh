#!/usr/bin/env bash
# PLUTO's nussinov output (polycc --tile --parallel) is a data race: it runs the j tiles of one
# row tile in parallel, while each cell reads table[i][k] for k < j, which other tiles of the row
# write. Build it and the original at MEDIUM with PolyBench's array dump, run the PLUTO build six
# times on two threads and compare the dumps' checksums with the original's (session 23: 5 of 6
# runs differed). Run from the project's root; scratch files go to a temporary folder.
set -euo pipefail
ROOT=$(pwd)
POLYCC=${POLYCC:-$ROOT/../shared/tools/pluto/polycc}
K=$ROOT/datasets/polybench/medley/nussinov
U=$ROOT/datasets/polybench/utilities
T=$(mktemp -d)
cd "$T"
cp "$K/nussinov.c" "$K/nussinov.h" .
"$POLYCC" nussinov.c --tile --parallel -o nussinov.pluto.c > polycc.log 2>&1
gcc -O3 -march=native -DMEDIUM_DATASET -DPOLYBENCH_DUMP_ARRAYS -I"$U" -I. nussinov.c "$U/polybench.c" -o base -lm
gcc -O3 -march=native -fopenmp -DMEDIUM_DATASET -DPOLYBENCH_DUMP_ARRAYS -I"$U" -I. nussinov.pluto.c "$U/polybench.c" \
  -o pluto -lm 2> /dev/null
./base 2> base.out
want=$(md5sum < base.out)
same=0
for r in 1 2 3 4 5 6; do
  OMP_NUM_THREADS=2 ./pluto 2> run$r.out
  if [ "$(md5sum < run$r.out)" = "$want" ]; then same=$((same + 1)); fi
done
echo "PLUTO's nussinov: $same of 6 runs computed the original's table ($T)"
