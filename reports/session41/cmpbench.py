# Session 41: compare_dumps on 2M doubles that differ by an ulp in 1/7, all or 1/1000 of the elements, by the
# polyrl of the tree given (min of 5 calls). Usage: python -S cmpbench.py TREE
import sys, time
sys.path[:0] = [sys.argv[1], '/work/main/.venv/lib/python3.11/site-packages']
import numpy as np
from polyrl.runtime.verify import compare_dumps
rng = np.random.default_rng(0)
a = rng.standard_normal(2_000_000)
cases = {}
b = a.copy(); b[::7] = np.nextafter(b[::7], np.inf); cases["1/7 differ"] = b
b = a.copy(); b[:] = np.nextafter(b, np.inf); cases["all differ"] = b
b = a.copy(); b[::1000] = np.nextafter(b[::1000], np.inf); cases["1/1000 differ"] = b
for k, b in cases.items():
    ts = []
    for _ in range(5):
        t = time.perf_counter(); v = compare_dumps({"A": a}, {"A": b}, False); ts.append(time.perf_counter() - t)
    print(sys.argv[1], k, f"{min(ts)*1000:.1f} ms", v.detail)
