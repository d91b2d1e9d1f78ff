"""Greedy inference time per PolyBench kernel (one core): python infer.py POLICY [DATASET] [kernels...]"""
import sys, time, statistics, cProfile, pstats
from polyrl.bench.suite import resolve_suite, discover, select
from polyrl.search import Policy
pol = sys.argv[1]; ds = sys.argv[2] if len(sys.argv) > 2 else "LARGE"
names = sys.argv[3:] or None
prof = "--prof" in sys.argv
if prof: names = [n for n in names if n != "--prof"]
_, folder = resolve_suite("polybench")
ks = select(discover(folder), names)
p = Policy.load(pol, check=True)
ts = []
pr = cProfile.Profile()
for k in ks:
    prog = k.load(ds)
    if prof: pr.enable()
    inf = p.greedy(prog)
    if prof: pr.disable()
    ts.append(inf.seconds)
    print(f"{k.name:16s} {inf.seconds*1000:8.0f} ms {inf.steps:3d} steps  {inf.text or 'none'}" + (f"   (own: {inf.proposed})" if inf.proposed is not None else ""), flush=True)
print(f"median {statistics.median(ts)*1000:.0f} ms max {max(ts)*1000:.0f} ms")
if prof: pstats.Stats(pr).sort_stats("cumulative").print_stats(40)
