"""Session 76: session 75's changed_polybench75.py for decide76.md's variant: the PolyBench kernels whose one-shot
schedule on this AMD family 23 machine changes when it asks Z76's two files (alone, or blended with F52: BLEND=1) in
place of F52 blended with F67, at one dataset size; nothing is timed (PolyBench decides nothing). Writes the
schedules before the change of the changed kernels as a `polyrl bench --schedules` file (session 66's bench66.sh).
  [BLEND=1] .venv/bin/python reports/session76/changed_polybench76.py LARGE|MEDIUM Z76-forms-export.pt Z76-tuned-export.pt OUT.txt"""
import os
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.machine import cpu_family, cpu_vendor
from polyrl.search import Policy
from polyrl.search import policy as pol

dataset, forms, tuned, out = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve(), Path(sys.argv[4])
if (cpu_vendor(), cpu_family()) != ("amd", 23):
    raise SystemExit("run this on an AMD family 23 machine: elsewhere Z76 changes nothing")
pol.FORMS_FAMILY = {}  # before: every AMD machine asks F52 blended with F67
before = Policy.load(None, check=True, pick=True)
blend = os.environ.get("BLEND") == "1"
if blend:  # F52 (the shipped base forms models) blended with Z76
    pol.FORMS_FAMILY = {("amd", 23): {pol.DEFAULT_FORMS: (pol.DEFAULT_FORMS, (forms,)),
                                      pol.DEFAULT_FORMS_TUNED: (pol.DEFAULT_FORMS_TUNED, (tuned,))}}
else:
    pol.FORMS_FAMILY = {("amd", 23): {pol.DEFAULT_FORMS: (forms, ()), pol.DEFAULT_FORMS_TUNED: (tuned, ())}}
after = Policy.load(None, check=True, pick=True)
print("after:", after.forms.path.name, [p.name for p in getattr(after.forms, "blend", ())], flush=True)
lines = [f"# session 76: the one-shot schedules before Z76 (F52 blended with F67) of the PolyBench kernels at {dataset} "
         "whose schedule on this AMD family 23 machine changes with decide76.md's variant in their place"]
for k in discover(resolve_suite("polybench")[1]):
    prog = k.load(dataset)
    a, b = before.greedy(prog).text, after.greedy(k.load(dataset)).text
    if a != b:
        print(f"{k.name:15s} before `{a or 'original'}` -> Z76 `{b or 'original'}`", flush=True)
        lines.append(f"{k.name}: {a}")
print(f"{dataset}: {len(lines) - 1} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
