"""Session 55: for PolyBench kernels at a size, the shipped pipeline's choice and every macro candidate
with each pick model's predicted speedup over the checked schedule (nothing compiled or timed).
  .venv/bin/python reports/session55/candidates.py LARGE symm,atax,bicg"""
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax, macro_options

size, only = sys.argv[1], sys.argv[2].split(",")
_, folder = resolve_suite("polybench")
policy = Policy.load(check=True, pick=True)
for k in discover(folder):
    if k.name not in only:
        continue
    lp = LoadedProgram.of(k.load(size))
    checked = policy._check(lp, policy.episode(lp, _argmax))
    final = policy._macro_pick(lp, checked)
    print(f"== {k.name}: checked '{checked.text}', final '{final.text}' ({final.seconds * 1e3:.0f} ms)")
    opts = macro_options(lp.program.model, checked.schedule, checked.nest)
    pairs = [(s, n) for s, n, _ in opts]
    preds = [policy._predicted(c, lp, pairs) for c in (policy.pick, policy.pick_also)]
    for j, (s, _, name) in enumerate(opts):
        print(f"  {name:22s} {preds[0][0] / preds[0][j]:6.2f}x {preds[1][0] / preds[1][j]:6.2f}x  {s}")
