"""Session 73: the emitter before and after the register-block split of session 73 (csrc/rewrite.cpp: a jammed loop
bounded above by the vector loop, covariance's i <= j), side by side. For each `NAME: SCHEDULE` line, the region text
with the installed emitter (new) and with a saved copy of the old module (`--old PATH/_emit...so`); where they differ,
optionally (`--time`) both built, verified against the original and timed alternately (old, new, old, new), each
the minimum of its runs, in one process: nothing else may run.

  .venv/bin/python reports/session73/emitdiff73.py --old /work/runs/emit_old/_emit.cpython-311-x86_64-linux-gnu.so \
      --corpus g306 LIST.txt OUT.jsonl [--time]
  .venv/bin/python reports/session73/emitdiff73.py --old ... --polybench LARGE LIST.txt OUT.jsonl --time

With --corpus, NAME is a program id of the corpus (its manifest); with --polybench SIZE, a PolyBench kernel."""
import argparse
import importlib.util
import json
import sys
from pathlib import Path

import polyrl.codegen.emit as emit_module
from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime.execute import Toolchain, measure, reference_baseline

BASE_FLAGS = Toolchain().flags
ap = argparse.ArgumentParser()
ap.add_argument("--old", required=True, type=Path)
ap.add_argument("--corpus", type=Path)
ap.add_argument("--polybench", metavar="SIZE")
ap.add_argument("schedules", type=Path)
ap.add_argument("out", type=Path)
ap.add_argument("--time", action="store_true")
ap.add_argument("--repeat", type=int, default=3)
ap.add_argument("--rounds", type=int, default=2)
a = ap.parse_args()

spec = importlib.util.spec_from_file_location("_emit", a.old)
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
new = emit_module._emit

if a.polybench:
    from polyrl.bench.suite import discover, resolve_suite
    kernels = {k.name: k for k in discover(resolve_suite("polybench")[1])}

    def program(name):
        return kernels[name].load(a.polybench)

    def toolchain_of(name):
        return Toolchain(flags=BASE_FLAGS + kernels[name].compile_flags(a.polybench), threads=2)
else:
    files = {e["id"]: e["file"] for e in map(json.loads, (a.corpus / "manifest.jsonl").read_text().splitlines())}

    def program(name):
        return load(a.corpus / files[name])

    def toolchain_of(name):
        return Toolchain(threads=2)

done = set()
if a.out.is_file():
    done = {(r["name"], r["schedule"]) for r in map(json.loads, a.out.read_text().splitlines())}
lines = [ln.split(":", 1) for ln in a.schedules.read_text().splitlines() if ":" in ln]
differ = same = 0
with open(a.out, "a") as out:
    for n, (name, schedule) in enumerate(lines, 1):
        name, schedule = name.strip(), schedule.strip()
        if (name, schedule) in done:
            continue
        try:
            prog = program(name)
            emit_module._emit = old
            text_old = prog.apply(schedule).region_text
            emit_module._emit = new
            opt = prog.apply(schedule)
            text_new = opt.region_text
        except PolyrlError as err:
            print(f"{name}: {schedule}: skipped ({err})", flush=True)
            continue
        finally:
            emit_module._emit = new
        row = {"name": name, "schedule": schedule, "differs": text_old != text_new}
        if not row["differs"]:
            same += 1
            out.write(json.dumps(row) + "\n")
            continue
        differ += 1
        if a.time:
            scop, toolchain = opt.program.scop, toolchain_of(name)
            base = reference_baseline(scop, toolchain, None, a.repeat)
            times = {"old": [], "new": []}
            ok = True
            for _ in range(a.rounds):
                for label, text in (("old", text_old), ("new", text_new)):
                    m = measure(scop, text, toolchain, a.repeat, reference=base.dump)
                    if m.status != "ok" or not m.verified:
                        ok = False
                        print(f"{name}: {label}: {m.status} {m.detail}", flush=True)
                    times[label].append(m.min)
            row.update(base=base.min, ok=ok, old=min(t for t in times["old"] if t) if ok else None,
                       new=min(t for t in times["new"] if t) if ok else None)
            if ok:
                print(f"{n}/{len(lines)} {name}: old {base.min / row['old']:.2f}x new {base.min / row['new']:.2f}x "
                      f"(new/old speed {row['old'] / row['new']:.3f})", flush=True)
        out.write(json.dumps(row) + "\n")
        out.flush()
print(f"{differ} differ, {same} the same", file=sys.stderr)
