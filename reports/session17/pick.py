"""A copy of the session-17 store with only the rows of the named measurement parts (the
keys each part added, from the keys-*.txt files measure.sh writes after each part).

  python pick.py g8m.sqlite W.sqlite tv A1        # A's programs, half their schedules
"""
import sqlite3
import sys

ORDER = ["tv", "A1", "A2", "B1", "C1"]  # as measured: B2 never was
store, out, parts = sys.argv[1], sys.argv[2], sys.argv[3:]
assert set(parts) <= set(ORDER), parts


def keys(name):
    return {tuple(ln.rstrip("\n").split("\t", 1)) for ln in open(f"keys-{name}.txt")}


keep, before = set(), set()
for name in ORDER[: max(ORDER.index(p) for p in parts) + 1]:  # the later parts may not be measured
    now = keys(name)
    if name in parts:
        keep |= now - before
    before = now
db = sqlite3.connect(out)
sqlite3.connect(f"file:{store}?mode=ro", uri=True).backup(db)
rows = db.execute("SELECT program, schedule FROM measurements").fetchall()
db.executemany("DELETE FROM measurements WHERE program = ? AND schedule = ?", [r for r in rows if r not in keep])
db.commit()
db.execute("VACUUM")
n_prog = db.execute("SELECT count(DISTINCT program) FROM measurements").fetchone()[0]
print(f"{out}: parts {' '.join(parts)}: {db.execute('SELECT count(*) FROM measurements').fetchone()[0]} rows, {n_prog} programs")
