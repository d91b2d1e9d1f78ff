"""Session 59: labelled schedules that pack after skews or reversals, built again with AddressSanitizer:
the copy of a pack must read nothing outside its array, wherever the generated loops run.
  .venv/bin/python reports/session59/asan_packs.py N [SEED]   (N schedules drawn from the label set)"""
import glob
import random
import re
import sys
import tempfile
from pathlib import Path

import pyarrow.parquet as pq

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime import Toolchain

n, seed = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0
sources, rows = {}, {}
for shard in sorted(glob.glob("datasets/labels/*.parquet")):
    t = pq.read_table(shard, columns=["program", "source", "schedule", "verified"])
    for prog, src, sched, ok in zip(*(t.column(c).to_pylist() for c in ("program", "source", "schedule", "verified")), strict=True):
        if src:
            sources.setdefault(prog, src)
        if ok and re.search(r":K", sched) and re.search(r":(S|R)\(", sched):
            rows[(prog, sched)] = prog
rows = {k: sources[p] for k, p in rows.items()}
keys = sorted(rows)
random.Random(seed).shuffle(keys)
print(f"{len(keys)} verified labelled schedules pack after a skew or reversal; building {min(n, len(keys))}", flush=True)
flags = ("-O1", "-fopenmp", "-fsanitize=address", "-fno-omit-frame-pointer")
bad = 0
with tempfile.TemporaryDirectory() as tmp:
    for i, (prog, sched) in enumerate(keys[:n]):
        path = Path(tmp) / f"p{i}.c"
        path.write_text(rows[(prog, sched)])
        try:
            r = load(path).apply(sched).run(Toolchain(flags=flags, threads=2), repeat=1, timeout_s=120)
        except PolyrlError as e:
            print(f"{prog[:12]} '{sched}': refused: {e}", flush=True)
            continue
        if not (r.new.status == "ok" and r.verified):
            bad += 1
            print(f"{prog[:12]} '{sched}': {r.new.status} {r.new.detail[:300]}", flush=True)
        if (i + 1) % 25 == 0:
            print(f"{i + 1} built, {bad} failed", flush=True)
print(f"done: {min(n, len(keys))} built, {bad} failed")
