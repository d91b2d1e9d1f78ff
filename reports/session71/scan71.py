"""Session 71: how many programs of the label set (those whose source a shard holds) divide, take a remainder or call
a math function in their scop's statements (loop headers left out). Nothing is run.
  .venv/bin/python reports/session71/scan71.py [SHARD ...]   # default: every shard under datasets/labels"""
import glob
import re
import sys

import pyarrow.parquet as pq

shards = sys.argv[1:] or glob.glob("datasets/labels/*.parquet")
n = div = call = 0
seen: set[str] = set()
for f in shards:
    t = pq.read_table(f, columns=["program", "source"])
    for h, s in zip(t.column("program").to_pylist(), t.column("source").to_pylist(), strict=True):
        if h in seen or not s:
            continue
        seen.add(h)
        n += 1
        m = re.search(r"#pragma scop(.*?)#pragma endscop", s, re.S)
        body = re.sub(r"for \(.*?\)", "", m.group(1) if m else "")
        div += "/" in body or "%" in body
        call += bool(re.search(r"\b(sqrtf?|expf?|powf?|logf?|fabsf?|sinf?|cosf?)\s*\(", body))
print(f"{n} programs with source in {len(shards)} shards; {div} divide or take a remainder in their scop; "
      f"{call} call a math function")
