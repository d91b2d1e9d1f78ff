#!/usr/bin/env bash
# Session 17: measure parts of the data set into g8m.sqlite, writing the store's keys after
# each part (keys-PART.txt), so the trainings can be given exactly the rows of chosen parts
# (pick.py). Run from the data folder on a quiet machine. A re-run measures only what the
# store lacks.
#   bash measure.sh [PART ...]   parts: tv (the shipped split's validation and test programs),
#                                A1 A2 B1 B2 C1 C2 (parts.py); default: tv A1 A2 B1 B2
set -uo pipefail
export OMP_WAIT_POLICY=passive
M="polyrl measure --store g8m.sqlite --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress"
keys() { python - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:g8m.sqlite?mode=ro", uri=True)
rows = db.execute("SELECT DISTINCT program, schedule FROM measurements").fetchall()
open(f"keys-{sys.argv[1]}.txt", "w").write("".join(f"{p}\t{s}\n" for p, s in sorted(rows)))
print(sys.argv[1], len(rows), "keys")
PY
}
[ $# -eq 0 ] && set -- tv A1 A2 B1 B2
for part in "$@"; do
  if [ "$part" = tv ]; then corpus=g8m-tv sched=g8m-tv-sched.txt; else corpus=g8m-${part:0:1} sched=$part.txt; fi
  echo "== $part $(date +%T)"
  $M --schedules "$sched" "$corpus" 2>&1 | tee "measure-$part.log" | tail -12
  # exit 1 is a program that failed (a miscompiled baseline): the rest is measured, go on
  rc=${PIPESTATUS[0]}
  [ "$rc" -le 1 ] || exit "$rc"
  keys "$part"
done
echo "== done $(date +%T)"
