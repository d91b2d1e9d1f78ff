#!/usr/bin/env bash
# Session 17: measure the shipped model's validation and test programs, then A1, A2, B1,
# B2 (parts.py), all into g8m.sqlite, writing the store's keys after each part so the
# trainings can be given exactly the rows of chosen parts (keys-*.txt). Run from the data
# folder on a quiet machine. A re-run measures only what the store lacks.
set -euo pipefail
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
part() {  # name corpus schedules
  echo "== $1 $(date +%T)"
  $M --schedules "$3" "$2" 2>&1 | tee "measure-$1.log" | tail -12
  keys "$1"
}
part tv g8m-tv g8m-tv-sched.txt
part A1 g8m-A A1.txt
part A2 g8m-A A2.txt
part B1 g8m-B B1.txt
part B2 g8m-B B2.txt
echo "== done $(date +%T)"
