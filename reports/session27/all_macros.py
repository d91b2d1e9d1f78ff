"""Session 27: the macro schedules of the PolyBench kernels (MEDIUM, LARGE) and of the first 80
programs of at most 4 MiB of the generated sets gs (seed 81) and gt (seed 82), as JSON, to show
a change that should not change them does not: `python all_macros.py OUT.json`, before and after."""
import sys, json
from polyrl.api import load
from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly.macros import macro_schedules
out = {}
_, folder = resolve_suite("polybench")
for d in ("MEDIUM", "LARGE"):
    for k in discover(folder):
        out[f"{d}/{k.name}"] = {n: str(s) for n, s in macro_schedules(k.load(d).model).items()}
for c in ("gs", "gt"):
    man = [json.loads(l) for l in open(f"/work/runs/s27/{c}/manifest.jsonl")]
    sel = [e for e in man if e["memory_bytes"] <= 4 * 2**20 and e["estimate_ms"] >= 2][:80]
    for e in sel:
        out[f"{c}/{e['id']}"] = {n: str(s) for n, s in macro_schedules(load(f"/work/runs/s27/{c}/{e['file']}").model).items()}
json.dump(out, open(sys.argv[1], "w"), indent=0)
print(len(out))
