#!/usr/bin/env bash
# C1 after B1 (session 17, 21:25), then the store's keys (as measure.sh)
export OMP_WAIT_POLICY=passive
echo "== C1 $(date +%T)"
polyrl measure --store g8m.sqlite --workers 2 --threads 2 --repeat 3 --timeout 20 --no-progress --schedules C1.txt g8m-C 2>&1 | tee measure-C1.log | tail -12
python - <<'PY'
import sqlite3
db = sqlite3.connect("file:g8m.sqlite?mode=ro", uri=True)
rows = db.execute("SELECT DISTINCT program, schedule FROM measurements").fetchall()
open("keys-C1.txt", "w").write("".join(f"{p}\t{s}\n" for p, s in sorted(rows)))
print("C1", len(rows), "keys")
PY
