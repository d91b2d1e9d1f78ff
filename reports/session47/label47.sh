#!/usr/bin/env bash
# session 47: macro-schedule labels on this machine (AMD Zen 4, family 25 model 17) while it would otherwise idle.
#   bash label47.sh 172 300 16 contraction=3,triangular_update=2,blas_order=1,scalars=0.5   # seed 171's sibling (session 45's label45.sh)
#   bash label47.sh big 173   # the selection g173big of seed 173 (select47.sh): contractions of PolyBench LARGE's sizes
#   bash label47.sh big 175   # training seed 175, selected the same way (select47.sh 175 1000), after the last timed run
#   bash label47.sh big 177   # training seed 177 (select47.sh 177 1000), at the very end: stopped after 606 s
# Stopped with pkill -INT (the store keeps every finished evaluation; run again to go on), then exported:
#   polyrl dataset export /work/runs/s47/labelsSEED.sqlite --name s47-gSEED-...
# Both through session 45's label45.sh; a selection (already generated) as the corpus gSEEDbig with a 60 s timeout.
if [ "$1" = big ]; then set -- "${2:?big SEED}big"; export TIMEOUT=60; fi
RUNS=/work/runs/s47 exec bash "$(dirname "$0")/../session45/label45.sh" "$@"
