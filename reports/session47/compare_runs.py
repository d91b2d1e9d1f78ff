"""Session 47: two `polyrl bench` runs of polyrl-policy compared kernel by kernel: which schedules changed
(the policy inference table of each results.md) and how far the kernels whose schedule did not change moved.

    python3 compare_runs.py OLD NEW   # OLD, NEW: a results.md and results.csv pair, each path without its suffix
"""

from __future__ import annotations

import csv
import math
import re
import sys


def schedules(md: str) -> dict[str, str]:
    """kernel -> polyrl-policy's final schedule (the first inference table of the report)."""
    out = {}
    for line in open(md):
        if line.startswith("### polyrl-checked"):
            break
        m = re.match(r"\| (\S+) \| [\d.]+ m?s \| \d+ \| `([^`]*)`", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def speedups(csv_path: str, variant: str = "polyrl-policy") -> dict[str, float]:
    rows = csv.DictReader(open(csv_path))
    return {r["kernel"]: float(r["speedup"]) for r in rows if r["variant"] == variant and r["status"] == "ok"}


def geomean(xs: list[float]) -> float:
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    old, new = sys.argv[1], sys.argv[2]
    s_old, s_new = schedules(old + ".md"), schedules(new + ".md")
    a, b = speedups(old + ".csv"), speedups(new + ".csv")
    same = [k for k in b if s_old.get(k) == s_new.get(k)]
    r = [b[k] / a[k] for k in same]
    print(f"{len(same)} same schedule; geomean ratio {geomean(r):.3f} ({min(r):.2f}..{max(r):.2f})")
    for k in b:
        if k not in same:
            print(" changed", k, a.get(k), "->", b[k], "|", (s_old.get(k) or "")[:80], "->", (s_new.get(k) or "")[:80])
    print(f"geomean {geomean(list(a.values())):.3f} -> {geomean(list(b.values())):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
