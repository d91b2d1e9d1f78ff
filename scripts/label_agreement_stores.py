#!/usr/bin/env python3
"""How alike two memo stores rank each program's variants (baseline and schedules).

    python scripts/label_agreement_stores.py A.sqlite B.sqlite [C.sqlite ...]

For every pair of stores: over the programs whose baseline and at least two schedules are
verified in both (same machine and toolchain), the mean within-program Spearman
correlation of the minimum times, the median ratio of the speedups over the baseline, and
the share of schedule pairs at least 1.25x apart in one store that the other orders alike.
"""

from __future__ import annotations

import itertools
import statistics
import sys

from polyrl.runtime.store import MemoStore


def _times(path: str) -> dict[tuple[str, str, str], dict[str, float]]:
    out: dict[tuple[str, str, str], dict[str, float]] = {}
    with MemoStore(path) as store:
        for key, rec in store.items():
            if rec.status == "ok" and rec.times and (key.schedule == "" or rec.verified):
                out.setdefault((key.program, key.machine, key.toolchain), {})[key.schedule] = min(rec.times)
    return out


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else 0.0


def compare(a: dict, b: dict) -> str:
    rhos, ratios, agree, pairs = [], [], 0, 0
    for prog in sorted(set(a) & set(b)):
        common = sorted(s for s in set(a[prog]) & set(b[prog]))
        if "" not in common or len(common) < 3:
            continue
        ta, tb = [a[prog][s] for s in common], [b[prog][s] for s in common]
        rhos.append(spearman(ta, tb))
        for s in common:
            if s:
                ratios.append((a[prog][""] / a[prog][s]) / (b[prog][""] / b[prog][s]))
        for i, j in itertools.combinations(range(len(common)), 2):
            if max(ta[i], ta[j]) >= 1.25 * min(ta[i], ta[j]):
                pairs += 1
                agree += (ta[i] < ta[j]) == (tb[i] < tb[j])
    if not rhos:
        return "no program in common"
    return (f"{len(rhos)} programs: within-program Spearman mean {statistics.fmean(rhos):.3f} "
            f"(median {statistics.median(rhos):.3f}); speedup ratio median {statistics.median(ratios):.3f}; "
            f"pairs >=1.25x apart ordered alike {agree}/{pairs} ({100 * agree / max(pairs, 1):.1f}%)")


def main(paths: list[str]) -> int:
    if len(paths) < 2:
        print(__doc__)
        return 2
    data = {p: _times(p) for p in paths}
    for x, y in itertools.combinations(paths, 2):
        print(f"{x} vs {y}: {compare(data[x], data[y])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
