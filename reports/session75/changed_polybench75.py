"""Session 75: the PolyBench kernels whose one-shot schedule on this machine changes when AMD family 23 machines ask
Z75's two files alone in place of F52 blended with F67 (decide75b.md, FORMS_FAMILY), at one dataset size; nothing
is timed (PolyBench decides nothing: this only says what to measure after). Writes the pipeline's schedules before
the change (F52 blended with F67) of the changed kernels as a `polyrl bench --schedules` file, so that
`polyrl-schedule` (before) and `polyrl-policy` (with Z75) run side by side in one bench (session 66's bench66.sh).
  .venv/bin/python reports/session75/changed_polybench75.py LARGE|MEDIUM Z75-forms-export.pt Z75-tuned-export.pt OUT.txt"""
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.machine import cpu_family, cpu_vendor
from polyrl.search import Policy
from polyrl.search import policy as pol

dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
if (cpu_vendor(), cpu_family()) != ("amd", 23):
    raise SystemExit("run this on an AMD family 23 machine: elsewhere Z75 changes nothing")
pol.FORMS_FAMILY = {}  # before: every AMD machine asks F52 blended with F67
before = Policy.load(None, check=True, pick=True)
pol.FORMS_FAMILY = {("amd", 23): {pol.DEFAULT_FORMS: (forms, ()), pol.DEFAULT_FORMS_TUNED: (tuned, ())}}
after = Policy.load(None, check=True, pick=True)
assert after.forms.path == forms and after.pick_also.path == tuned and not after.forms.blend
lines = [f"# session 75: the one-shot schedules before Z75 (F52 blended with F67) of the PolyBench kernels at {dataset} "
         "whose schedule on this AMD family 23 machine changes with Z75 alone in their place"]
for k in discover(resolve_suite("polybench")[1]):
    prog = k.load(dataset)
    a, b = before.greedy(prog).text, after.greedy(k.load(dataset)).text
    if a != b:
        print(f"{k.name:15s} before `{a or 'original'}` -> Z75 alone `{b or 'original'}`", flush=True)
        lines.append(f"{k.name}: {a}")
print(f"{dataset}: {len(lines) - 1} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
