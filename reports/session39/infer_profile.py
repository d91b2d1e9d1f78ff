"""Inference time per PolyBench kernel with the shipped default (check, forms, pick), and where it goes.

python reports/session39/infer_profile.py MEDIUM [--profile out.prof] [--kernels a,b] [--nopick]
Prints kernel, seconds (Inference.seconds, what bench reports), steps, schedule; then the median and max.
"""
import argparse
import cProfile
import statistics
import time

from polyrl.bench.suite import discover, resolve_suite, select
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("dataset")
ap.add_argument("--profile")
ap.add_argument("--kernels")
ap.add_argument("--nopick", action="store_true")
a = ap.parse_args()
_, folder = resolve_suite("polybench")
kernels = select(discover(folder), a.kernels.split(",") if a.kernels else None)
t = time.perf_counter()
policy = Policy.load(check=True, pick=not a.nopick)
print(f"load {time.perf_counter() - t:.2f} s")
prof = cProfile.Profile() if a.profile else None
secs = {}
for k in kernels:
    try:
        program = k.load(a.dataset)
    except Exception as e:  # noqa: BLE001
        print(f"{k.name}: {e}")
        continue
    if prof:
        prof.enable()
    w = time.perf_counter()
    inf = policy.greedy(program)
    wall = time.perf_counter() - w
    if prof:
        prof.disable()
    secs[k.name] = inf.seconds
    print(f"{k.name:16s} {inf.seconds*1000:8.1f} ms (wall {wall*1000:8.1f})  steps {inf.steps:3d}  {inf.macro or '-':14s} {inf.text[:70]}", flush=True)
v = sorted(secs.values())
print(f"median {statistics.median(v)*1000:.1f} ms, max {max(v)*1000:.1f} ms over {len(v)}")
if prof:
    prof.dump_stats(a.profile)
