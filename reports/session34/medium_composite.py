"""Session 34: session 33's MEDIUM run with the polyrl-policy speedups of this session's side-by-side
run put in place of the kernels it measured (a composite of two runs): the geometric mean and the
one-shot share of polyrl-search 32's log-gain.

    python medium_composite.py S33_CSV S34_CSV
"""
import csv
import math
import sys


def speedups(path: str, variant: str) -> dict[str, float]:
    return {r["kernel"]: float(r["speedup"]) for r in csv.DictReader(open(path))
            if r["variant"] == variant and r["speedup"]}


old, search = speedups(sys.argv[1], "polyrl-policy"), speedups(sys.argv[1], "polyrl-search")
new = speedups(sys.argv[2], "polyrl-policy")
both = [k for k in old if k in search]
composite = {k: new.get(k, old[k]) for k in both}
for name, d in (("session 33", old), ("composite", composite)):
    logs = sum(math.log(d[k]) for k in both)
    print(f"{name}: polyrl-policy {math.exp(logs / len(both)):.3f}x over {len(both)}, one-shot share "
          f"{logs / sum(math.log(search[k]) for k in both):.1%} (replaced: {', '.join(sorted(new)) if d is composite else '-'})")
