"""Session 73: the macro pick's candidates for PolyBench kernels at a size, with each pick model's predicted time
over the original loops' and the final the pipeline ships (nothing compiled or timed; PolyBench is the test:
this reads it, it fits nothing).
  .venv/bin/python reports/session73/cands73.py LARGE covariance correlation syrk"""
import sys

import numpy as np

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax

size, names = sys.argv[1], set(sys.argv[2:])
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
for k in discover(folder):
    if names and k.name not in names:
        continue
    lp = LoadedProgram.of(k.load(size))
    chosen = policy._check(lp, policy.episode(lp, _argmax))
    final = policy._macro_pick(lp, chosen)
    options = policy.pick_candidates(lp, chosen)
    pairs = [(s, n) for s, n, _ in options] + [(Schedule(), lp.program.model.original)]
    pred = np.array([policy._predicted(c, lp, pairs) for c in (policy.pick, policy.pick_also) if c is not None])
    print(f"== {k.name} {size}: final [{final.macro or 'checked'}] {final.schedule}")
    for i, (s, _, name) in enumerate(options):
        print(f"  {name:22s} " + " ".join(f"{pred[m, -1] / pred[m, i]:6.2f}x" for m in range(len(pred))) + f"  {s}")
