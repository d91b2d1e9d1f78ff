"""Where a batched measurement's time goes: measure_program in this process (no gate, one
worker), its steps wrapped with timers. usage: measure_profile.py CORPUS PLANS.jsonl [N] [BATCH] [PRUNE]  (session 36's, with codegen timed and --prune)"""
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import polyrl.measure.worker as w
import polyrl.runtime.execute as ex
from polyrl.measure.scheduler import discover
from polyrl.runtime.execute import Toolchain

spent = collections.defaultdict(float)
count = collections.Counter()


def wrap(mod, name, label=None):
    fn = getattr(mod, name)

    def timed(*a, **k):
        key = label(a, k) if callable(label) else (label or name)
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            spent[key] += time.perf_counter() - t
            count[key] += 1
    setattr(mod, name, timed)


def build_label(a, k):
    tc = a[1]
    return "build " + " ".join(f for f in tc.flags if f.startswith("-O")) + (" exact" if "-ffp-contract=off" in tc.flags else "")


wrap(w, "build", build_label)
wrap(w, "run", "run (lone binary)")
wrap(w, "run_batch", "run_batch")
wrap(w, "instrument_batch", "instrument_batch")
wrap(w, "instrument", "instrument")
wrap(w, "load_dump", "load_dump")
wrap(w, "compare_dumps", "compare_dumps")
wrap(w, "_load", "front end")
wrap(ex, "compare_dumps", "compare_dumps (baseline)")
import polyrl.api as api
wrap(api.Program, "apply", "codegen (Program.apply)")

if os.environ.get("TMPDIR_SHM"):
    tempfile.tempdir = "/dev/shm"
corpus, plans = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 30
batch = int(sys.argv[4]) if len(sys.argv) > 4 else 8
prune = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
entries = {}
for line in Path(plans).read_text().splitlines():
    e = json.loads(line)
    entries[Path(e["path"]).name] = e
tc = Toolchain(threads=2)
start = time.perf_counter()
evals = 0
for src in discover(corpus)[:n]:
    e = entries[src.name]
    legal = tuple(t for t, ok, _ in e["schedules"] if ok)
    job = w.MeasureJob(src, e["program"], legal, True, tc, 3, 20.0, None, True, batch, 60.0, prune)
    res = w.measure_program(job)
    evals += len(res.rows)
wall = time.perf_counter() - start
print(f"{n} programs, {evals} rows, {wall:.1f} s")
for k, v in sorted(spent.items(), key=lambda kv: -kv[1]):
    print(f"{k:28s} {v:7.2f} s  {count[k]:5d} calls")
