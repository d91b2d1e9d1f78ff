"""Session 41: compare_dumps on 2M doubles that differ by an ulp in 1/7, all or 1/1000 of the elements,
by the polyrl of the tree given (min of 5 calls each).

    python -S reports/session41/cmpbench.py TREE
"""
import sys
import time

sys.path[:0] = [sys.argv[1], "/work/main/.venv/lib/python3.11/site-packages"]
import numpy as np  # noqa: E402

from polyrl.runtime.verify import compare_dumps  # noqa: E402

rng = np.random.default_rng(0)
a = rng.standard_normal(2_000_000)
cases = {}
for name, step in (("1/7 differ", 7), ("all differ", 1), ("1/1000 differ", 1000)):
    b = a.copy()
    b[::step] = np.nextafter(b[::step], np.inf)
    cases[name] = b
for name, b in cases.items():
    times = []
    for _ in range(5):
        t = time.perf_counter()
        v = compare_dumps({"A": a}, {"A": b}, False)
        times.append(time.perf_counter() - t)
    print(sys.argv[1], name, f"{min(times) * 1000:.1f} ms", v.detail)
