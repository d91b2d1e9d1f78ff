"""A copy of a memo store with the validation and test programs of a split and only N of
its training programs (the first N measured ones in a seeded hash order), to train the
same recipe on fewer programs and test it on the same ones.

  python substore.py g8m.sqlite split-c.pt 228 sub228.sqlite
"""
import hashlib
import sqlite3
import sys

import torch

store, split_path, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
split = torch.load(split_path, weights_only=False)["split"]
db = sqlite3.connect(out)
sqlite3.connect(f"file:{store}?mode=ro", uri=True).backup(db)  # WAL contents included
measured = {p for (p,) in db.execute("SELECT DISTINCT program FROM measurements")}
train = sorted((p for p in split["train"] if p in measured), key=lambda p: hashlib.sha256(f"sub:{p}".encode()).hexdigest())
drop = train[n:]
db.executemany("DELETE FROM measurements WHERE program = ?", [(p,) for p in drop])
db.commit()
db.execute("VACUUM")
print(f"{out}: {len(train) - len(drop)} of {len(train)} training programs kept,",
      db.execute("SELECT count(*) FROM measurements").fetchone()[0], "rows")
