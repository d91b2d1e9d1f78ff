"""Session 68: the PolyBench kernels whose one-shot schedule changes when the macro pick weighs K of the policy's
samples (decide68.md's S4 or S8) instead of none, at one dataset size; nothing is timed (PolyBench decides nothing:
this only says what to measure after the change). Writes the shipped pipeline's schedules of the changed kernels as a
`polyrl bench --schedules` file, so that `polyrl-schedule` (before) and `polyrl-policy` (after) run side by side.
  .venv/bin/python reports/session68/changed_samples68.py LARGE|MEDIUM K OUT.txt"""
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy

dataset, k, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
shipped = Policy.load(None, check=True, pick=True, pick_samples=0)
new = Policy.load(None, check=True, pick=True, pick_samples=k)
lines = [f"# session 68: the shipped one-shot schedules (no samples in the macro pick) of the PolyBench kernels at "
         f"{dataset} whose schedule changes when the pick weighs {k} of the policy's samples"]
for kernel in discover(resolve_suite("polybench")[1]):
    prog = kernel.load(dataset)
    a, b = shipped.greedy(prog).text, new.greedy(prog).text
    if a != b:
        print(f"{kernel.name:15s} shipped `{a or 'original'}` -> S{k} `{b or 'original'}`", flush=True)
        lines.append(f"{kernel.name}: {a}")
print(f"{dataset}: {len(lines) - 1} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
