"""Session 42: isl's affine scheduler (polyrl.poly.affine.schedule_tree) per fusion policy, in ms,
on PolyBench kernels at MINI, MEDIUM and LARGE: its time does not depend on the sizes.

    python reports/session42/isl_t.py KERNEL,KERNEL,...
"""
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly import affine

_, folder = resolve_suite("polybench")
ks = {k.name: k for k in discover(folder)}
for name in sys.argv[1].split(","):
    for ds in ("MINI", "MEDIUM", "LARGE"):
        p = ks[name].load(ds)
        scop = p.scop if hasattr(p, "scop") else p.model.scop
        ts = []
        for f in range(4):
            t = time.perf_counter()
            affine.schedule_tree(scop, f)
            ts.append(time.perf_counter() - t)
        print(name, ds, " ".join(f"{x*1e3:.0f}" for x in ts), flush=True)
