"""Session 42: the one-shot pipeline's inference time per PolyBench kernel (Policy.greedy with the
check and the macro pick, as `polyrl optimize`), under cProfile.

    python reports/session42/prof.py DATASET [KERNEL,KERNEL,...] [PROFILE_OUT]
"""
import cProfile
import statistics
import sys
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

_, folder = resolve_suite("polybench")
ks = {k.name: k for k in discover(folder)}
names = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else list(ks)
dataset = sys.argv[1]
pol = Policy.load(None, check=True, pick=True)
progs = {n: ks[n].load(dataset) for n in names}
prof = cProfile.Profile()
res = {}
for n in names:
    t = time.perf_counter()
    prof.enable()
    inf = pol.greedy(progs[n])
    prof.disable()
    res[n] = (inf.seconds, time.perf_counter() - t, inf.text)
    print(f"{n:16s} {inf.seconds*1e3:9.1f} ms {res[n][1]*1e3:9.1f} ms  {inf.text[:80]}", flush=True)
print("median", statistics.median(v[0] for v in res.values()), "max", max(v[0] for v in res.values()))
prof.dump_stats(sys.argv[3] if len(sys.argv) > 3 else "prof.out")
