"""Session 57: the least a "name the plan" inference could take on this machine, per PolyBench kernel at a size,
nothing compiled: the original program's graph (exact working sets), one forward pass of the first pick model
on it, and each macro profile's plan (legality checks, isl's scheduler for the affine profiles), made one after
another on the kernel's fresh model: a later profile reuses what an earlier one memoized, so its time is a lower
bound of its time alone.
A design that names one plan from the original graph and plans and checks only that one pays at least the graph,
the pass and that plan. Run with nothing else running.
  .venv/bin/python reports/session57/inference_floor.py LARGE"""
import statistics
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly.macros import PROFILES, macro_plan
from polyrl.rl.state import GraphCache, LoadedProgram
from polyrl.search import Policy

size = sys.argv[1] if len(sys.argv) > 1 else "LARGE"
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
kernels = discover(folder)
first = LoadedProgram.of(kernels[0].load(size))
policy.pick.predict([GraphCache().graph(first, "", first.program.model.original)])  # warm-up, not counted
rows = []
for k in kernels:
    lp = LoadedProgram.of(k.load(size))
    t0 = time.perf_counter()
    g = GraphCache().graph(lp, "", lp.program.model.original)
    t1 = time.perf_counter()
    policy.pick.predict([g])
    t2 = time.perf_counter()
    plans = {}
    for p in PROFILES:
        s = time.perf_counter()
        macro_plan(lp.program.model, p)
        plans[p.name] = time.perf_counter() - s
    rows.append((k.name, t1 - t0, t2 - t1, plans))
    print(f"{k.name:16s} graph {1e3 * (t1 - t0):7.1f} ms  pass {1e3 * (t2 - t1):6.1f} ms  plans (ms) "
          + " ".join(f"{n}={1e3 * v:.0f}" for n, v in plans.items()), flush=True)


def med(f):
    return 1e3 * statistics.median(f(r) for r in rows)


floor = [r[1] + r[2] + min(r[3].values()) for r in rows]
with_affine = [r[1] + r[2] + r[3].get("affine-tile", 0.0) for r in rows]
print(f"median: graph {med(lambda r: r[1]):.1f} ms, pass {med(lambda r: r[2]):.1f} ms, "
      + ", ".join(f"{p.name} {med(lambda r, n=p.name: r[3].get(n, 0.0)):.1f} ms" for p in PROFILES))
print(f"graph + pass + the cheapest plan: median {1e3 * statistics.median(floor):.1f} ms, max {1e3 * max(floor):.1f} ms")
print(f"graph + pass + affine-tile's plan: median {1e3 * statistics.median(with_affine):.1f} ms, "
      f"max {1e3 * max(with_affine):.1f} ms")
