"""Session 28: the shipped policy's one-shot schedules on every PolyBench kernel at a dataset,
without the macro pick (as session 27 shipped it) and with it, and the inference time of
each (one core, as `polyrl bench`'s polyrl-policy variant times it).

    python large_schedules.py DATASET OLD.txt   # OLD.txt: `kernel: schedule` of the changed kernels, without the pick
"""
import statistics
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search.policy import Policy

dataset, out = sys.argv[1], sys.argv[2]
_, folder = resolve_suite("polybench")
old_policy, new_policy = Policy.load(check=True), Policy.load(check=True, pick=True)
changed, times_old, times_new = [], [], []
for kernel in discover(folder):
    old = old_policy.greedy(kernel.load(dataset))
    new = new_policy.greedy(kernel.load(dataset))
    times_old.append(old.seconds)
    times_new.append(new.seconds)
    mark = "*" if old.text != new.text else " "
    print(f"{mark} {kernel.name:16s} {old.seconds * 1000:8.1f} ms -> {new.seconds * 1000:8.1f} ms  {new.macro or '-':22s} "
          f"{new.text}"[:200], flush=True)
    if old.text != new.text:
        changed.append(f"{kernel.name}: {old.text}\n")
open(out, "w").write("".join(changed))
print(f"{len(changed)} changed: {','.join(c.split(':')[0] for c in changed)}")
for name, ts in (("without the pick", times_old), ("with the pick", times_new)):
    print(f"inference {name}: median {statistics.median(ts) * 1000:.1f} ms, max {max(ts) * 1000:.1f} ms")
