"""Session 64: the PolyBench kernels whose one-shot schedule the original pick (Policy._original_pick) changes, at
one dataset size, with the pick models' predicted slowdown of the schedule it dropped. Nothing is timed (PolyBench
is the test: this only reports what the rule, decided on generated sets, does there).
  .venv/bin/python reports/session64/changed_polybench.py [MEDIUM|LARGE]"""
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

dataset = sys.argv[1] if len(sys.argv) > 1 else "LARGE"
_, folder = resolve_suite("polybench")
policy = Policy.load(None, check=True, pick=True)
kept = changed = 0
for k in discover(folder):
    i = policy.greedy(k.load(dataset))
    kept += not i.text
    if i.original_kept:
        changed += 1
        print(f"{k.name:15s} kept as written; dropped `{i.proposed}` (predicted {i.predicted_gain:.2f}x slower)",
              flush=True)
print(f"{dataset}: {changed} kernel(s) changed; the original kept on {kept} in all")
