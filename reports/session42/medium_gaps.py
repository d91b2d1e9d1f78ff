"""Session 42: per PolyBench kernel, polyrl-policy, polyrl-checked, polyrl-search and random-search
speedups of MEDIUM bench runs and the log gap between the search and the one-shot policy, largest
first, with the sum of the gaps (medium-gaps.txt).

    python3 reports/session42/medium_gaps.py CSV:LABEL...
"""
import csv
import math
import sys

VARIANTS = ("polyrl-policy", "polyrl-checked", "polyrl-search", "random-search")


def main(runs: list[str]) -> None:
    for run in runs:
        path, _, tag = run.partition(":")
        speed = {}
        for r in csv.DictReader(open(path)):
            if r["status"] == "ok" and r["speedup"]:
                speed[(r["kernel"], r["variant"])] = float(r["speedup"])
        print(f"## {tag}: kernel, {', '.join(VARIANTS)}, log gap search - policy")
        rows = []
        for k in sorted({k for k, _ in speed}):
            p, c, s, r = (speed.get((k, v)) for v in VARIANTS)
            if p and s:
                rows.append((math.log(s) - math.log(p), k, p, c, s, r))
        for gap, k, p, c, s, r in sorted(rows, reverse=True):
            print(f"{k:16s} {p:7.2f} {c:7.2f} {s:7.2f} {r or 0:7.2f}  {gap:+.2f}")
        print(f"sum of gaps {sum(g[0] for g in rows):.2f}\n")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
