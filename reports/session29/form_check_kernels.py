"""Session 29: the PolyBench kernels whose shipped greedy schedule the form check changes, at
one dataset. Prints each changed kernel's schedule without and with the check and writes the
ones without it as `kernel: SCHEDULE` lines (`polyrl bench --schedules`), so both can be
measured side by side (polyrl-schedule: without; polyrl-policy: with).

    python form_check_kernels.py DATASET OUT.txt"""
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy

dataset, out = sys.argv[1], sys.argv[2]
_, folder = resolve_suite("polybench")
old, new = Policy.load(check=True, forms=False), Policy.load(check=True)
changed = []
for kernel in discover(folder):
    a, b = old.greedy(kernel.load(dataset)), new.greedy(kernel.load(dataset))
    if a.text != b.text:
        changed.append((kernel.name, a.text, b.text))
        print(f"{kernel.name:16s} without: {a.text or 'original'}\n{'':16s} with:    {b.text or 'original'}"
              + (f" (the form predicted {b.predicted_gain:.2f}x slower)" if b.original_instead else ""), flush=True)
open(out, "w").write("".join(f"{k}: {a}\n" for k, a, _ in changed))
print(f"{len(changed)} kernels changed at {dataset}: {','.join(k for k, _, _ in changed)}")
