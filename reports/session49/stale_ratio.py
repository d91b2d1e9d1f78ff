"""Session 49: the labels measured again (relabel49.sh) against the stale ones they supersede: for each schedule in
NEW, its old time (min of runs) in OLD divided by its new one, each relative to that store's own baseline of the
program (so machine drift between the two runs cancels), as a geometric mean and a range.

    python stale_ratio.py OLD.sqlite NEW.sqlite
"""

from __future__ import annotations

import math
import sys

from polyrl.runtime.store import MemoStore


def _speedups(path: str) -> dict[tuple[str, str], float]:
    times: dict[tuple[str, str], float] = {}
    with MemoStore(path) as store:
        for key, rec in store.items():
            if rec.status == "ok" and rec.times and (rec.verified or not key.schedule):
                times[(key.program, key.schedule)] = min(rec.times)
    return {k: times[(k[0], "")] / t for k, t in times.items() if k[1] and (k[0], "") in times}


def main(old: str, new: str) -> None:
    before, after = _speedups(old), _speedups(new)
    ratios = sorted(after[k] / before[k] for k in after if k in before)
    if not ratios:
        raise SystemExit("no schedule in both stores")
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    faster = sum(r > 1.05 for r in ratios)
    slower = sum(r < 1 / 1.05 for r in ratios)
    print(f"{len(ratios)} schedules: speedup now / before {g:.3f}x geomean (min {ratios[0]:.2f}, max {ratios[-1]:.2f}); "
          f"{faster} faster by >5%, {slower} slower by >5%")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
