"""Session 64: the PolyBench kernels whose one-shot schedule the refused original pick would have changed (kept as
written): those whose pick models predict the schedule slower than the original loops (`Inference.original_faster`
above 1; the rule of `decide64.md`, commit 4c8666b), at one dataset size. Nothing is timed (PolyBench is the test:
this only reports what the rule, decided on generated sets, would do there).
  .venv/bin/python reports/session64/changed_polybench.py [MEDIUM|LARGE]"""
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

dataset = sys.argv[1] if len(sys.argv) > 1 else "LARGE"
policy = Policy.load(None, check=True, pick=True)
kept = changed = 0
for k in discover(resolve_suite("polybench")[1]):
    i = policy.greedy(k.load(dataset))
    if i.original_faster > 1:
        changed += 1
        print(f"{k.name:15s} kept as written; dropped `{i.text}` (predicted {i.original_faster:.2f}x slower)",
              flush=True)
    kept += not i.text or i.original_faster > 1
print(f"{dataset}: {changed} kernel(s) changed; the original kept on {kept} in all")
