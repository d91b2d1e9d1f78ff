"""Session 75: where the one-shot pipeline's inference time goes (cProfile of Policy.greedy with the check and the
pick, as `polyrl bench` times it), on the PolyBench kernels named, at LARGE.
  .venv/bin/python reports/session75/prof75.py gemm,2mm,atax,trisolv,jacobi-2d,cholesky"""
import cProfile
import pstats
import sys
import time

import polyrl.bench.suite as su
from polyrl.search import Policy

names = sys.argv[1].split(",")
kernels = [k for k in su.discover(su.datasets_root() / "polybench") if k.name in names]
policy = Policy.load(check=True, pick=True)
programs = [(k.name, k.load("LARGE")) for k in kernels]
profile = cProfile.Profile()
for name, program in programs:
    t = time.perf_counter()
    profile.enable()
    inference = policy.greedy(program)
    profile.disable()
    print(name, round(inference.seconds, 3), round(time.perf_counter() - t, 3), inference.schedule)
pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
