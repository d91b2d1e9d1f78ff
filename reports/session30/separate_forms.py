"""Session 30: the innermost-loop separation of codegen (SEPARATE_GROWTH), side by side.

For each program of a schedule file (`prog: SCHEDULE` lines, e.g. session 29's forms of the
held-out sets) whose code the separation changes: the original, the schedule with the
plain AST (SEPARATE_GROWTH = 0) and with the separated one, each built, verified against
the original's arrays and timed (minimum of `--repeat` runs), one after the other.

    python reports/session30/separate_forms.py CORPUS SCHEDULES [--only S(0,1,1)] [--limit N]
"""
import argparse
import math
from pathlib import Path

import polyrl.codegen as codegen
from polyrl.api import load
from polyrl.runtime import Toolchain
from polyrl.runtime.execute import measure

ap = argparse.ArgumentParser()
ap.add_argument("corpus")
ap.add_argument("schedules")
ap.add_argument("--only", default="", help="only schedules containing this text")
ap.add_argument("--limit", type=int, default=1000)
ap.add_argument("--repeat", type=int, default=3)
args = ap.parse_args()
tc = Toolchain(threads=2)
growth = codegen.SEPARATE_GROWTH
rows = []
for line in open(args.schedules):
    pid, sched = line.split(": ", 1)
    sched = sched.strip()
    if args.only not in sched:
        continue
    p = load(Path(args.corpus) / f"{pid}.c")
    codegen.SEPARATE_GROWTH = 0
    plain = p.apply(sched).region_text
    codegen.SEPARATE_GROWTH = growth
    separated = p.apply(sched).region_text
    if plain == separated:
        continue
    base = measure(p.scop, None, tc, repeat=args.repeat)
    a = measure(p.scop, plain, tc, repeat=args.repeat, reference=base.dump)
    b = measure(p.scop, separated, tc, repeat=args.repeat, reference=base.dump)
    if base.status != "ok" or a.status != "ok" or b.status != "ok":
        print(f"{pid}: base {base.status}, plain {a.status}, separated {b.status}", flush=True)
        continue
    rows.append((base.min / a.min, base.min / b.min))
    print(f"{pid}: original {base.min * 1e3:.2f} ms, plain {rows[-1][0]:.3f}x, separated {rows[-1][1]:.3f}x, "
          f"lines {plain.count(chr(10))} -> {separated.count(chr(10))}", flush=True)
    if len(rows) >= args.limit:
        break
if rows:
    g = [math.exp(sum(math.log(r[k]) for r in rows) / len(rows)) for k in (0, 1)]
    print(f"{len(rows)} programs changed: plain {g[0]:.3f}x, separated {g[1]:.3f}x; "
          f"separated faster by >5% on {sum(r[1] > 1.05 * r[0] for r in rows)}, slower on "
          f"{sum(r[1] < r[0] / 1.05 for r in rows)}")
