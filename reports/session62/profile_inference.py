"""Session 62: where the one-shot pipeline's inference time goes on PolyBench (MEDIUM), per kernel and phase.

  .venv/bin/python reports/session62/profile_inference.py [--kernels a,b,...] [--profile KERNEL]

Per kernel, Policy.greedy split into its phases, each timed on its own (the same calls greedy makes, in its order):
the greedy episode (graphs, forward passes, masks, legality), the cost model's check (CostCheck's options and
their graphs; the Pluto form's episode where the check leaves the original), and the macro pick (the macro plans
of the program and the graphs and predictions of every candidate). Parsing and dependence analysis are not counted,
as in the bench. With --profile, a cProfile of one kernel's greedy() instead."""
import argparse
import cProfile
import pstats
import statistics
import time

from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax

ap = argparse.ArgumentParser()
ap.add_argument("--profile", default=None)
ap.add_argument("--kernels", default=None)
ap.add_argument("--dataset", default="MEDIUM")
ap.add_argument("--top", type=int, default=45)
a = ap.parse_args()
_, folder = resolve_suite("polybench")
kernels = discover(folder)
if a.kernels:
    kernels = [k for k in kernels if k.name in a.kernels.split(",")]
policy = Policy.load(None, check=True, pick=True)
rows = []
for k in kernels:
    prog = k.load(a.dataset)
    if a.profile == k.name:
        pr = cProfile.Profile()
        pr.enable()
        policy.greedy(prog)
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(a.top)
        continue
    t0 = time.perf_counter()
    lp = LoadedProgram.of(prog)
    episode = policy.episode(lp, _argmax)
    t1 = time.perf_counter()
    checked = policy._check(lp, episode)
    t2 = time.perf_counter()
    final = policy._macro_pick(lp, checked)
    t3 = time.perf_counter()
    rows.append((k.name, t1 - t0, t2 - t1, t3 - t2, t3 - t0))
    print(f"{k.name:15s} total {1e3 * (t3 - t0):8.0f} ms: episode {1e3 * (t1 - t0):6.0f}  check {1e3 * (t2 - t1):6.0f}  "
          f"pick {1e3 * (t3 - t2):6.0f}  ({episode.steps} steps) {final.text or 'none'}", flush=True)
if rows:
    for j, name in enumerate(["episode", "check", "pick", "total"], 1):
        v = [r[j] for r in rows]
        print(f"{name:8s} median {1e3 * statistics.median(v):7.0f} ms  max {1e3 * max(v):7.0f} ms  "
              f"sum {sum(v):6.1f} s ({sum(v) / sum(r[4] for r in rows):.0%})")
