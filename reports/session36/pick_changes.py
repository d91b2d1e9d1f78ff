"""The kernels where polyrl-macro-pick's schedule differs from polyrl-policy's in one bench run
(from results.md's inference tables), their speedups side by side, and the geometric mean over
all kernels counting an unchanged schedule as equal (the noise of timing one schedule twice
left out). usage: pick_changes.py RESULTS.md RESULTS.csv"""
import csv
import math
import sys

from region_texts import inference_schedules

md, table = sys.argv[1:3]
schedules = inference_schedules(md)
speed: dict[str, dict[str, float]] = {}
for r in csv.DictReader(open(table)):
    if r["status"] == "ok" and r["speedup"]:
        speed.setdefault(r["variant"], {})[r["kernel"]] = float(r["speedup"])
pol, pick = speed["polyrl-policy"], speed["polyrl-macro-pick"]
changed = [k for k in pol if schedules["polyrl-macro-pick"].get(k) != schedules["polyrl-policy"].get(k)]
for k in changed:
    print(f"{k:14s} policy {pol[k]:7.2f}x  pick {pick[k]:7.2f}x  ({schedules['polyrl-macro-pick'][k][:70]})")
log_ratio = sum(math.log(pick[k] / pol[k]) for k in changed)
geo = math.exp(sum(math.log(v) for v in pol.values()) / len(pol))
print(f"{len(changed)} of {len(pol)} kernels changed; polyrl-policy {geo:.3f}x, the pick with unchanged kernels "
      f"counted equal {geo * math.exp(log_ratio / len(pol)):.3f}x ({math.exp(log_ratio / len(pol)) - 1:+.1%})")
