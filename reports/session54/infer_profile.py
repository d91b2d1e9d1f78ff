"""Session 54: the shipped pipeline's inference on every PolyBench kernel at a size, nothing compiled: the
time of each (as bench's polyrl-policy counts it: a fresh parse, then Policy.greedy) and, with --profile,
cProfile's cumulative figures over all of them (and with --tottime, session 56, the same rows by own time).
  .venv/bin/python reports/session54/infer_profile.py LARGE [--profile N [--tottime]] [--only k1,k2]"""
import argparse
import cProfile
import pstats
import statistics
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("size")
ap.add_argument("--profile", type=int, default=0, help="print this many cumulative rows")
ap.add_argument("--tottime", action="store_true", help="also print the rows by own time")
ap.add_argument("--only", default="")
a = ap.parse_args()
_, folder = resolve_suite("polybench")
kernels = discover(folder)
if a.only:
    kernels = [k for k in kernels if k.name in a.only.split(",")]
policy = Policy.load(check=True, pick=True)
prof = cProfile.Profile() if a.profile else None
times = {}
for k in kernels:
    program = k.load(a.size)
    start = time.perf_counter()
    if prof:
        prof.enable()
    inf = policy.greedy(program)
    if prof:
        prof.disable()
    wall = time.perf_counter() - start
    times[k.name] = inf.seconds
    print(f"{k.name:16s} {inf.seconds * 1e3:8.1f} ms (wall {wall * 1e3:8.1f})  {inf.text or 'none'}", flush=True)
v = list(times.values())
print(f"median {statistics.median(v) * 1e3:.1f} ms, max {max(v) * 1e3:.1f} ms ({max(times, key=times.get)}) over {len(v)}")
if prof:
    stats = pstats.Stats(prof, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(a.profile)
    if a.tottime:
        stats.sort_stats("tottime").print_stats(a.profile)
