"""Where a batched measurement's time goes: plan and measure the programs of a corpus in
this process (no store, no workers), with wall-clock totals around the worker's calls.

    python profile_measure.py CORPUS [N] [--batch K]
"""
import argparse
import collections
import functools
import time

import polyrl.measure.worker as W
import polyrl.runtime.execute as E
from polyrl.measure.scheduler import discover

TOTALS = collections.Counter()
COUNTS = collections.Counter()


def timed(module, name, label=None):
    fn = getattr(module, name)

    @functools.wraps(fn)
    def wrapper(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            key = label or name
            if name == "build":  # by optimization level
                tc = a[1] if len(a) > 1 else k.get("toolchain")
                key += " " + next((f for f in tc.flags if f.startswith("-O")), "?")
            TOTALS[key] += time.perf_counter() - t
            COUNTS[key] += 1
    setattr(module, name, wrapper)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("n", type=int, nargs="?", default=10)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    for mod, name in [(W, "build"), (W, "run_batch"), (W, "run"), (W, "load_dump"), (W, "compare_dumps"),
                      (W, "_load"), (W, "instrument_batch"), (W, "instrument"), (E, "build"), (E, "run")]:
        timed(mod, name, f"{mod.__name__.split('.')[-1]}.{name}")
    tc = E.Toolchain(threads=2)
    evals, t0 = 0, time.perf_counter()
    for src in discover(a.corpus)[: a.n]:
        t = time.perf_counter()
        plan = W.plan_program(W.PlanJob(src, None, macros=True))
        TOTALS["plan_program"] += time.perf_counter() - t
        if plan.error:
            continue
        legal = tuple(s for s, ok, _ in plan.schedules if ok)
        t = time.perf_counter()
        res = W.measure_program(W.MeasureJob(src, plan.program, legal, True, tc, a.repeat, 20.0, batch=a.batch))
        TOTALS["measure_program"] += time.perf_counter() - t
        evals += len(res.rows)
        print(src.name, len(res.rows), collections.Counter(r.status for r in res.rows), flush=True)
    wall = time.perf_counter() - t0
    print(f"{evals} evaluations in {wall:.1f} s: {60 * evals / wall:.1f}/min")
    for k, v in TOTALS.most_common():
        print(f"{k:28s} {v:8.2f} s  ({COUNTS[k]} calls)")


if __name__ == "__main__":
    main()
