"""Session 56: where the policy's inference time goes on PolyBench kernels (cProfile, one core), or with
--no-profile only each kernel's inference time and the median and maximum (as bench's polyrl-policy
measures it: a fresh parse per kernel, the shipped pipeline with the check and the macro pick).
  .venv/bin/python reports/session56/profile_inference.py LARGE [k1,k2,...|all] [--top N] [--no-profile]"""
import cProfile
import pstats
import statistics
import sys
import time

import torch

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

torch.set_num_threads(1)
size = sys.argv[1]
only = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] != "all" else None
top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 40
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
profiling = "--no-profile" not in sys.argv
prof = cProfile.Profile()
total = 0.0
times = []
for k in discover(folder):
    if only is not None and k.name not in only:
        continue
    program = k.load(size)
    start = time.perf_counter()
    if profiling:
        prof.enable()
    inference = policy.greedy(program)
    if profiling:
        prof.disable()
    times.append(inference.seconds)
    wall = time.perf_counter() - start
    total += wall
    print(f"{k.name:16s} {inference.seconds * 1e3:8.1f} ms (wall {wall * 1e3:8.1f})  {inference.text}", flush=True)
print(f"total {total:.2f} s; inference median {statistics.median(times) * 1e3:.1f} ms, "
      f"max {max(times) * 1e3:.1f} ms over {len(times)}")
if not profiling:
    sys.exit(0)
stats = pstats.Stats(prof).sort_stats("cumulative")
stats.print_stats(top)
stats.sort_stats("tottime").print_stats(top)
