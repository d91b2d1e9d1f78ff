"""Share of the shipped policy's inference time per function, over PolyBench kernels at one size.
usage: infer_hotspots.py DATASET"""
import cProfile
import pstats
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

policy = Policy.load(check=True)
_, folder = resolve_suite("polybench")
pr = cProfile.Profile()
for k in discover(folder):
    prog = k.load(sys.argv[1])
    pr.enable()
    policy.greedy(prog)
    pr.disable()
st = pstats.Stats(pr)
st.sort_stats("cumulative").print_stats(60)
