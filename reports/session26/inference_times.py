"""Time the shipped policy's greedy inference (with its check) on every PolyBench kernel at a
dataset, one core, as `polyrl bench`'s polyrl-policy variant does: each kernel parsed afresh,
the program's dependences computed before the clock (they are its analysis, like parsing).

    .venv/bin/python reports/session26/inference_times.py [LARGE] [--profile KERNEL]
"""
import cProfile
import pstats
import statistics
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy

dataset = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else "LARGE"
profile = sys.argv[sys.argv.index("--profile") + 1] if "--profile" in sys.argv else None
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True)
rows = []
for kernel in discover(folder):
    if profile and kernel.name != profile:
        continue
    program = kernel.load(dataset)
    if profile:
        prof = cProfile.Profile()
        prof.enable()
    inference = policy.greedy(program)
    if profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
    rows.append((kernel.name, inference.seconds))
    print(f"{kernel.name:16s} {inference.seconds * 1000:9.1f} ms  {inference.steps:2d} steps  {inference.schedule}"[:160],
          flush=True)
times = [s for _, s in rows]
print(f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over {len(times)} kernels")
