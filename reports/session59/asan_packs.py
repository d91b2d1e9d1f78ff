"""Session 59: labelled schedules that pack after skews or reversals, built again with AddressSanitizer:
the copy of a pack must read nothing outside its array, wherever the generated loops run.
  .venv/bin/python reports/session59/asan_packs.py N [SEED]   (N schedules drawn from the label set)"""
import random
import re
import sys
import tempfile
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.measure.labels import default_labels_dir, read_labels
from polyrl.runtime import Toolchain

n, seed = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0
sources, wanted = {}, set()
for r in read_labels(default_labels_dir()):
    if r.source:  # a shard holds each program's text once
        sources.setdefault(r.key.program, r.source)
    if r.is_label and re.search(r":K", r.key.schedule) and re.search(r":(S|R)\(", r.key.schedule):
        wanted.add((r.key.program, r.key.schedule))
rows = {k: sources[k[0]] for k in wanted}
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
