"""Session 65: the PolyBench kernels whose one-shot schedule changes when the AMD forms models' second member is F65
instead of F56 (decide65.md), at one dataset size; nothing is timed (PolyBench decides nothing: this only says what
to measure after). Writes the shipped pipeline's schedules of the changed kernels as a `polyrl bench --schedules`
file, so that `polyrl-schedule` (shipped) and `polyrl-policy` (with F65) run side by side in one bench.
  .venv/bin/python reports/session65/changed_polybench65.py LARGE|MEDIUM F65-forms-export.pt F65-tuned-export.pt OUT.txt"""
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy
from polyrl.search import policy as pol

dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
shipped = Policy.load(None, check=True, pick=True)
amd = pol.FORMS_FINETUNES["amd"]
pol.FORMS_SECOND[amd[pol.DEFAULT_FORMS]] = forms
pol.FORMS_SECOND[amd[pol.DEFAULT_FORMS_TUNED]] = tuned
new = Policy.load(None, check=True, pick=True)
lines = [f"# session 65: the shipped one-shot schedules (F52 blended with F56) of the PolyBench kernels at {dataset} whose "
         "schedule changes with F65 in F56's place"]
for k in discover(resolve_suite("polybench")[1]):
    prog = k.load(dataset)
    a, b = shipped.greedy(prog).text, new.greedy(prog).text
    if a != b:
        print(f"{k.name:15s} shipped `{a or 'original'}` -> F65 `{b or 'original'}`", flush=True)
        lines.append(f"{k.name}: {a}")
changed = len(lines) - 1
print(f"{dataset}: {changed} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
