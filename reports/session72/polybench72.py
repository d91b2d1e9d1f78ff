"""Session 72: the one-shot schedules of every PolyBench kernel at one dataset size, as shipped on this Intel machine
(the Xeon forms models) and with AMD-ON-INTEL (decide72.md: the forms models asked as on AMD machines); nothing is
timed (PolyBench decides nothing). Writes the shipped schedules of all kernels as a `polyrl bench --schedules` file,
so that polyrl-schedule (as shipped before) and polyrl-policy (the pipeline of the checkout) run side by side in one
bench, and prints the kernels whose schedule differs.
  .venv/bin/python reports/session72/polybench72.py LARGE|MEDIUM OUT.txt"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab72 import VARIANTS, load_policy  # noqa: E402

from polyrl.bench.suite import discover, resolve_suite  # noqa: E402

dataset, out = sys.argv[1], Path(sys.argv[2])
policies = {v: load_policy(v) for v in VARIANTS}
lines = [f"# session 72: the one-shot schedules of the PolyBench kernels at {dataset} as shipped on Intel machines "
         f"before session 72 (the Xeon forms models)"]
changed = 0
for k in discover(resolve_suite("polybench")[1]):
    texts = {v: policies[v].greedy(k.load(dataset)).text for v in VARIANTS}  # a fresh parse per variant
    a, b = texts["shipped"], texts["amd"]
    changed += a != b
    print(f"{k.name:15s} {'changed' if a != b else 'same   '} shipped `{a or 'original'}`"
          + (f" -> AMD-ON-INTEL `{b or 'original'}`" if a != b else ""), flush=True)
    lines.append(f"{k.name}: {a}")
print(f"{dataset}: {changed} of {len(lines) - 1} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
