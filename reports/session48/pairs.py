"""Session 48: the macro plans measured after a cut-off time against the same profile's plan measured before it,
per program of a memo store (a profile is matched by its T3 tile sizes, A(1) and the J2(3,4,8,4) block); geomean of
old/new over the pairs, split by what changed (an interchange more or less, or the packs only; +V: the new plan
ends in vector code where the old did not).

    python pairs.py CUTOFF STORE...   # CUTOFF: an ISO time, e.g. 2026-11-29T09:38
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import statistics
import sys


def _profile(schedule: str) -> str:
    tiles = re.findall(r"T3\(0,1,2,(\d+,\d+,\d+)\)", schedule)
    return ("A1" if "A(1)" in schedule else "") + "|" + ",".join(tiles) + "|" + ("84" if "J2(3,4,8,4)" in schedule else "")


def _summary(ratios: list[float]) -> str:
    return (f"{len(ratios)} pairs, old/new {math.exp(statistics.mean(map(math.log, ratios))):.3f}, "
            f"new faster by >5% on {sum(r > 1.05 for r in ratios)}, slower by >5% on {sum(r < 1 / 1.05 for r in ratios)}")


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    cutoff = sys.argv[1]
    for store in sys.argv[2:]:
        by: dict[str, dict[str, dict[bool, tuple[float, str]]]] = {}
        rows = sqlite3.connect(store).execute("select program, schedule, status, times, timestamp from measurements")
        for program, schedule, status, times, stamp in rows:
            if status == "ok" and schedule:
                by.setdefault(program, {}).setdefault(_profile(schedule), {})[stamp >= cutoff] = (
                    min(json.loads(times)), schedule)
        kinds: dict[str, list[float]] = {}
        for profiles in by.values():
            for pair in profiles.values():
                if True in pair and False in pair and "K" in pair[True][1]:
                    (old, o), (new, n) = pair[False], pair[True]
                    kind = "interchange" if o.count("I(") != n.count("I(") else "pack"
                    kind += " +V" if n.endswith("V()") and not o.endswith("V()") else ""
                    kinds.setdefault(kind, []).append(old / new)
        if kinds:
            print(store, _summary([r for rs in kinds.values() for r in rs]))
            for kind, ratios in sorted(kinds.items()):
                print(f"  {kind:15s}", _summary(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
