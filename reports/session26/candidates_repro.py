"""The candidates of a policy search (the greedy schedule, the macro schedules, then samples)
for one PolyBench kernel, each printed with the time so far; every count_points call over
0.5 s is printed and its set appended to /tmp/s26/slow_sets.txt (session 26: the
jacobi-2d stall at MEDIUM).

    .venv/bin/python reports/session26/candidates_repro.py jacobi-2d MEDIUM
"""
import os
import sys, time
os.makedirs("/tmp/s26", exist_ok=True)
from polyrl.poly import counting, workingset
orig = counting.count_points
def wrapped(s, **kw):
    t = time.perf_counter()
    r = orig(s, **kw)
    dt = time.perf_counter() - t
    if dt > 0.5:
        print(f"slow count_points {dt:.1f}s: {str(s)[:300]}", flush=True)
        open("/tmp/s26/slow_sets.txt", "a").write(str(s) + "\n")
    return r
counting.count_points = wrapped
workingset.count_points = wrapped if hasattr(workingset, "count_points") else None
from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy
from polyrl.search.measured import policy_candidates
_, folder = resolve_suite("polybench")
k = next(k for k in discover(folder) if k.name == sys.argv[1])
prog = k.load(sys.argv[2])
policy = Policy.load(check=True)
t0 = time.perf_counter()
for n, (s, origin) in enumerate(policy_candidates(policy, prog, 0)):
    print(n, f"{time.perf_counter()-t0:.1f}s", origin, str(s)[:150], flush=True)
    if n >= 200: break
