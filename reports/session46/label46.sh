#!/usr/bin/env bash
# session 46: macro-schedule labels on this machine (AMD Zen 4, family 25 model 17) while it would otherwise idle, of a
# training corpus generated here: session 45's label45.sh with /work/runs/s46 for the corpus and its store.
#   bash label46.sh 169 300 4 contraction=3,triangular_update=2,blas_order=0.8,scalars=0.5   # cache-bound BLAS-order contractions
#   bash label46.sh 171 200 16 contraction=3,triangular_update=2,blas_order=1,scalars=0.5   # the same at scale 16, while the session ends
# Then exported: polyrl dataset export /work/runs/s46/labelsSEED.sqlite --name s46-gSEED-...
RUNS=/work/runs/s46 exec bash "$(dirname "$0")/../session45/label45.sh" "$@"
