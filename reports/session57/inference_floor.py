# scratch: the floor of a "name the plan" design: the original graph + one forward pass + one macro plan (per kernel, LARGE)
import sys, time, statistics
from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram, GraphCache
from polyrl.poly.macros import PROFILES, macro_plan
from polyrl.search import Policy
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
rows = []
for k in discover(folder):
    prog = k.load("LARGE")
    lp = LoadedProgram.of(prog)
    t0 = time.perf_counter()
    g = GraphCache().graph(lp, "", lp.program.model.original)
    t1 = time.perf_counter()
    policy.pick.predict([g])
    t2 = time.perf_counter()
    plan_t = {}
    for p in PROFILES:
        s = time.perf_counter(); macro_plan(lp.program.model, p); plan_t[p.name] = time.perf_counter() - s
    rows.append((k.name, t1 - t0, t2 - t1, plan_t))
    print(f"{k.name:16s} graph {1e3*(t1-t0):7.1f} fwd {1e3*(t2-t1):6.1f} plans " + " ".join(f"{n}={1e3*v:.0f}" for n, v in plan_t.items()), flush=True)
print("median graph", 1e3*statistics.median(r[1] for r in rows), "fwd", 1e3*statistics.median(r[2] for r in rows),
      "blis-large", 1e3*statistics.median(r[3]["blis-large"] for r in rows), "affine-tile", 1e3*statistics.median(r[3].get("affine-tile",0) for r in rows))
