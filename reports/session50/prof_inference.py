"""Session 50: where the shipped policy's inference time goes on PolyBench (LARGE), per kernel.

    python reports/session50/prof_inference.py [KERNEL ...] [--profile] [--dataset LARGE]
Prints each kernel's greedy inference time (the bench's measure: a program parsed anew, parsing and
dependence analysis not counted); --profile prints cProfile's top functions by cumulative time."""
import argparse
import cProfile
import pstats
import statistics
import time
from pathlib import Path

from polyrl.bench.suite import discover
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("kernels", nargs="*")
ap.add_argument("--profile", action="store_true")
ap.add_argument("--dataset", default="LARGE")
ap.add_argument("--top", type=int, default=40)
args = ap.parse_args()
root = Path(__file__).resolve().parents[2]
kernels = discover(root / "datasets" / "polybench")
if args.kernels:
    kernels = [k for k in kernels if k.name in args.kernels]
t0 = time.perf_counter()
policy = Policy.load(None, check=True, pick=True)
print(f"load {time.perf_counter() - t0:.2f} s")
prof = cProfile.Profile() if args.profile else None
times = {}
for k in kernels:
    prog = k.load(args.dataset)
    if prof:
        prof.enable()
    inf = policy.greedy(prog)
    if prof:
        prof.disable()
    times[k.name] = inf.seconds
    print(f"{k.name:16s} {inf.seconds * 1000:9.1f} ms  {inf.steps:3d} steps  {inf.text}", flush=True)
v = list(times.values())
print(f"median {statistics.median(v) * 1000:.1f} ms, max {max(v) * 1000:.1f} ms over {len(v)}")
if prof:
    pstats.Stats(prof).sort_stats("cumulative").print_stats(args.top)
    pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)
