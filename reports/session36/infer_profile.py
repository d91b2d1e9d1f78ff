"""Time the shipped policy's checked greedy inference on PolyBench kernels (parsing and
dependence analysis not counted, as in `polyrl bench`), and profile it.

usage: infer_profile.py DATASET [KERNEL...] [--profile KERNEL|all] [--pick]
  --pick: with the macro pick (`Policy.load(check=True, pick=True)`, what `optimize` does since session 37)
  --profile KERNEL: cProfile of that kernel's inference (cumulative and own time)
  --profile all: one cProfile over every kernel's inference (cumulative time)
"""
import cProfile
import pstats
import statistics
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy


def main(argv):
    dataset, *argv = argv
    profile = None
    if "--profile" in argv:
        i = argv.index("--profile")
        profile = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    pick = "--pick" in argv
    names = set(argv) - {"--pick"}
    policy = Policy.load(check=True, pick=pick)
    profiler = cProfile.Profile()
    times = []
    for k in discover(resolve_suite("polybench")[1]):
        if names and k.name not in names and k.name != profile:
            continue
        prog = k.load(dataset)
        profiled = profile in (k.name, "all")
        if profiled:
            profiler.enable()
        start = time.perf_counter()
        inference = policy.greedy(prog)
        wall = time.perf_counter() - start
        if profiled:
            profiler.disable()
        times.append(inference.seconds)
        print(f"{k.name:16s} {inference.seconds * 1000:9.1f} ms (wall {wall * 1000:9.1f} ms) steps {inference.steps}",
              flush=True)
    if times:
        print(f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over {len(times)}")
    if profile is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(60 if profile == "all" else 45)
        if profile != "all":
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main(sys.argv[1:])
