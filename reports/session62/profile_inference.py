"""Session 62: where the one-shot pipeline's inference time goes on PolyBench (MEDIUM), per kernel.

  .venv/bin/python reports/session62/profile_inference.py [--profile KERNEL] [--kernels a,b,...]

Prints per kernel: the inference time as bench reports it (Policy.greedy's seconds) and the
wall time of greedy() itself; with --profile, a cProfile of one kernel's greedy()."""
import argparse
import cProfile
import pstats
import statistics
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("--profile", default=None)
ap.add_argument("--kernels", default=None)
ap.add_argument("--dataset", default="MEDIUM")
ap.add_argument("--top", type=int, default=45)
a = ap.parse_args()
_, folder = resolve_suite("polybench")
kernels = discover(folder)
if a.kernels:
    kernels = [k for k in kernels if k.name in a.kernels.split(",")]
policy = Policy.load(None, check=True, pick=True)
rows = []
for k in kernels:
    try:
        prog = k.load(a.dataset)
    except Exception as e:  # noqa: BLE001
        print(f"{k.name}: not loaded ({e})")
        continue
    if a.profile == k.name:
        pr = cProfile.Profile()
        pr.enable()
    t = time.perf_counter()
    inf = policy.greedy(prog)
    wall = time.perf_counter() - t
    if a.profile == k.name:
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(a.top)
    rows.append((k.name, inf.seconds, wall))
    print(f"{k.name:16s} inference {inf.seconds*1e3:8.1f} ms  wall {wall*1e3:8.1f} ms  steps {inf.steps}  {inf.schedule.text if hasattr(inf.schedule,'text') else ''}", flush=True)
t = [r[1] for r in rows]
w = [r[2] for r in rows]
print(f"median inference {statistics.median(t)*1e3:.1f} ms, max {max(t)*1e3:.1f} ms; wall median {statistics.median(w)*1e3:.1f} ms, max {max(w)*1e3:.1f} ms over {len(rows)}")
