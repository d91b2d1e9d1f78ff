"""Time (and optionally profile) the shipped policy's checked greedy inference on PolyBench kernels.

usage: python infer_profile.py DATASET [KERNEL...] [--profile KERNEL]
"""
import cProfile
import pstats
import statistics
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy


def main(argv):
    dataset = argv[0]
    profile = None
    if "--profile" in argv:
        i = argv.index("--profile")
        profile = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    names = set(argv[1:])
    _, folder = resolve_suite("polybench")
    policy = Policy.load(check=True)
    times = {}
    for k in discover(folder):
        if names and k.name not in names and k.name != profile:
            continue
        try:
            prog = k.load(dataset)
        except Exception as e:  # noqa: BLE001
            print(f"{k.name}: skipped ({e})")
            continue
        # dependences and the like, as bench's parse leaves them (parsing is not counted)
        if k.name == profile:
            pr = cProfile.Profile()
            pr.enable()
        start = time.perf_counter()
        inf = policy.greedy(prog)
        wall = time.perf_counter() - start
        if k.name == profile:
            pr.disable()
            pstats.Stats(pr).sort_stats("cumulative").print_stats(45)
            pstats.Stats(pr).sort_stats("tottime").print_stats(25)
        times[k.name] = (inf.seconds, wall)
        print(f"{k.name:16s} {inf.seconds*1000:9.1f} ms (wall {wall*1000:9.1f} ms) steps {inf.steps}", flush=True)
    s = [t for t, _ in times.values()]
    if s:
        print(f"median {statistics.median(s)*1000:.1f} ms, max {max(s)*1000:.1f} ms over {len(s)}")


if __name__ == "__main__":
    main(sys.argv[1:])
