"""Session 35: a bench run of bench35-pick.sh, per kernel: each pick variant's schedule against
polyrl-policy's (from results.md's inference tables) and the measured speedups (results.csv).
Where a variant's schedule is polyrl-policy's, the two columns timed the same code twice (their
difference is this machine's noise) and the composite takes polyrl-policy's figure for both.

    python reports/session35/pick_bench_table.py bench/s35-LARGE-pick
"""
import csv
import math
import re
import sys
from pathlib import Path

out = Path(sys.argv[1])
variants = ["polyrl-policy", "polyrl-policy-pick", "polyrl-policy-pick2"]
speed = {(r["kernel"], r["variant"]): float(r["speedup"]) for r in csv.DictReader((out / "results.csv").open())
         if r["speedup"]}
schedules: dict[tuple[str, str], str] = {}
current = None
for line in (out / "results.md").read_text().splitlines():
    m = re.match(r"### (\S+): policy inference time", line)
    if m:
        current = m.group(1)
    elif current and line.startswith("| ") and not line.startswith("| kernel"):
        cells = [c.strip() for c in line.strip("|").split("|")]
        schedules[(cells[0], current)] = cells[3].strip("`")
kernels = sorted({k for k, _ in schedules}, key=lambda k: list(dict.fromkeys(k2 for k2, _ in speed)).index(k))
print("| kernel | pluto | polyrl-policy | pick (both models, 1.25x) | pick2 (tuned model alone) |")
print("|---|---:|---:|---:|---:|")
logs = {v: [] for v in variants}
for k in kernels:
    row = [f"{speed.get((k, 'pluto'), float('nan')):.2f}x" if (k, "pluto") in speed else "fails"]
    for v in variants:
        same = v != variants[0] and schedules.get((k, v)) == schedules.get((k, variants[0]))
        x = speed[(k, variants[0])] if same else speed[(k, v)]
        logs[v].append(math.log(x))
        row.append("same" + f" ({speed[(k, v)]:.2f}x)" if same else f"**{x:.2f}x**" if v != variants[0] else f"{x:.2f}x")
    print(f"| {k} | " + " | ".join(row) + " |")
print()
for v in variants:
    changed = sum(schedules.get((k, v)) != schedules.get((k, variants[0])) for k in kernels)
    print(f"{v}: geomean {math.exp(sum(logs[v]) / len(logs[v])):.3f}x over {len(kernels)} kernels "
          f"({changed} schedules differ from polyrl-policy's)")
