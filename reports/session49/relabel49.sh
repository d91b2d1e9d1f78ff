#!/usr/bin/env bash
# session 49: measure again the labels the emitter change of 687ad22 made stale (stale_jams.py lists them: jammed
# loops bounded below by the vector loop), into a store of their own per selection, exported as a new shard whose
# records supersede the old ones on import (the latest measurement of a key wins). Stopped with pkill -INT (the store
# keeps every finished evaluation; run again to go on).
#   bash relabel49.sh /work/runs/s47 173big   # the store labelsSEL.sqlite and the corpus gSEL under RUNS
set -eu
runs=${1:?RUNS} sel=${2:?SELECTION}
P=/work/main/.venv/bin
S=/work/runs/s49
cd $S
[ -s stale$sel.txt ] || $P/python /work/main/reports/session49/stale_jams.py $runs/labels$sel.sqlite $runs/g$sel stale$sel.txt
OMP_WAIT_POLICY=passive exec $P/polyrl measure $runs/g$sel --schedules stale$sel.txt --workers 2 --threads 2 --repeat 3 \
  --timeout 60 --compile-timeout 60 --store relabel$sel.sqlite --batch 4 --no-progress
