"""Session 63: the floor of any one-shot design on today's program graphs. Per PolyBench kernel (MEDIUM), after
parsing and dependence analysis (not counted, as in the bench): the program graph of the loops as written (working
sets counted exactly, as every graph's are), one forward pass of the shipped policy on it, and one of the pick's
cost model. A pipeline that decided from that one graph alone, with one forward pass, could not be faster.
  .venv/bin/python reports/session63/graph_floor.py [--kernels a,b]"""
import argparse
import statistics
import time

import torch

from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("--kernels", default=None)
ap.add_argument("--dataset", default="MEDIUM")
a = ap.parse_args()
_, folder = resolve_suite("polybench")
kernels = [k for k in discover(folder) if not a.kernels or k.name in a.kernels.split(",")]
policy = Policy.load(None, check=True, pick=True)
torch.set_num_threads(1)
rows = []
for k in kernels:
    lp = LoadedProgram.of(k.load(a.dataset))
    lp.program.model.union_dependences  # noqa: B018 (analysis, as in the bench)
    nest = lp.program.model.original
    t0 = time.perf_counter()
    g = policy.graphs.graph(lp, "", nest)
    t1 = time.perf_counter()
    with torch.no_grad():
        obs = policy.graphs.observation(lp, "", nest, nest.branches()[0])
        policy.logits(obs)
        t2 = time.perf_counter()
        policy.pick.predict([g])
    t3 = time.perf_counter()
    rows.append((k.name, t1 - t0, t2 - t1, t3 - t2))
    print(f"{k.name:15s} graph {1e3 * (t1 - t0):8.1f} ms  policy pass {1e3 * (t2 - t1):6.1f} ms  "
          f"pick model pass {1e3 * (t3 - t2):6.1f} ms  ({g.x.shape[0]} nodes)", flush=True)
for j, name in enumerate(["graph", "policy pass", "pick pass"], 1):
    v = [r[j] for r in rows]
    print(f"{name:12s} median {1e3 * statistics.median(v):7.1f} ms  max {1e3 * max(v):7.1f} ms "
          f"({max(rows, key=lambda r: r[j])[0]})")
v = [r[1] + r[2] for r in rows]
print(f"graph + policy pass: median {1e3 * statistics.median(v):.1f} ms, max {1e3 * max(v):.1f} ms")
