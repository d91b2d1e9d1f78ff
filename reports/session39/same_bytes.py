"""How many of the bytes a batch's variants dump are bitwise the original's, over programs [A, B) of progs/
(run in /work/runs/s39/tp: python same_bytes.py 0 20)."""
import json, sys, tempfile, numpy as np
from pathlib import Path
import polyrl.measure.worker as w
from polyrl.runtime.instrument import instrument_batch
from polyrl.runtime.execute import build, Toolchain, run_batch
from polyrl.runtime.verify import load_dump
from polyrl.measure.scheduler import discover
entries = {Path(json.loads(l)["path"]).name: json.loads(l) for l in Path("full.sqlite.plans.jsonl").read_text().splitlines()}
tc = Toolchain(threads=2)
same = total = 0
for src in discover("progs")[int(sys.argv[1]):int(sys.argv[2])]:
    e = entries[src.name]
    legal = [t for t, ok, _ in e["schedules"] if ok]
    prog = w._load(Path("progs") / src.name)
    regions = [prog.apply(t).region_text for t in legal]
    d = tempfile.mkdtemp()
    b = build(instrument_batch(prog.scop, [None, *regions]), tc, d)
    r = run_batch(b.exe, 1 + len(regions), 20, 1, 2, min_time=0)
    dumps = [load_dump(p) if p else None for p in r.dumps]
    s = t = 0
    for dv in dumps[1:]:
        if dv is None: continue
        for name, arr in dv.items():
            t += arr.nbytes
            ref = dumps[0][name]
            if arr.shape == ref.shape and np.array_equal(np.ascontiguousarray(arr).view(np.uint8), np.ascontiguousarray(ref).view(np.uint8)):
                s += arr.nbytes
    same += s; total += t
    print(src.name, f"{s/1e6:.1f} of {t/1e6:.1f} MB identical")
print(f"all: {same/1e6:.0f} of {total/1e6:.0f} MB ({same/total:.0%})")
