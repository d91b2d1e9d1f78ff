"""Session 59: where the shipped pipeline's inference time goes on PolyBench (one core, nothing compiled):
per kernel the greedy episode, the check, the macro plans (macro_options) and the pick models' predictions; then
cProfile's functions of most cumulative time over all kernels.
  OMP_NUM_THREADS=1 .venv/bin/python reports/session59/inference_profile.py MEDIUM [kernel,...]"""
import cProfile
import pstats
import statistics
import sys
import time

import torch

from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax, macro_options

torch.set_num_threads(1)
size = sys.argv[1]
only = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else None
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
rows = []
prof = cProfile.Profile()
for k in discover(folder):
    if only and k.name not in only:
        continue
    lp = LoadedProgram.of(k.load(size))
    prof.enable()
    t0 = time.perf_counter()
    ep = policy.episode(lp, _argmax)
    t1 = time.perf_counter()
    checked = policy._check(lp, ep)
    t2 = time.perf_counter()
    opts = macro_options(lp.program.model, checked.schedule, checked.nest)
    t3 = time.perf_counter()
    final = policy._macro_pick(lp, checked)
    t4 = time.perf_counter()
    prof.disable()
    # _macro_pick makes the plans again (memoized legality maps: a lower bound for its own plans' time)
    row = (k.name, ep.seconds, t2 - t1, t3 - t2, t4 - t3, final.seconds, len(opts))
    rows.append(row)
    print(f"{k.name:16s} episode {row[1] * 1e3:7.1f} ms  check {row[2] * 1e3:7.1f}  plans {row[3] * 1e3:7.1f}  "
          f"pick {row[4] * 1e3:7.1f}  total {row[5] * 1e3:7.1f} ms  ({row[6]} candidates)", flush=True)
for i, what in enumerate(("episode", "check", "plans", "pick", "total"), 1):
    print(f"median {what}: {statistics.median(r[i] for r in rows) * 1e3:.1f} ms")
pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
