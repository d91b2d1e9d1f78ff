"""Compare two variants of one `polyrl bench` run, kernel by kernel, from its results.csv.

    .venv/bin/python scripts/bench_compare.py bench/s23-large30/results.csv polyrl-affine pluto
    .venv/bin/python scripts/bench_compare.py RESULTS.csv polyrl-affine pluto,pluto-nounrolljam --within 0.10

It prints, for every kernel where the reference verified, whether the variant is within
the tolerance of it or faster (speedup >= (1 - within) x the reference's), the kernels
where it is behind, the reference's kernels that did not verify (with why), and each
variant's geomean over the kernels it ran correctly. With several references
(comma-separated) the reference of a kernel is the fastest of them that verified there.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path


def read(path: Path) -> dict[tuple[str, str], dict[str, str]]:
    with path.open(newline="") as f:
        return {(r["kernel"], r["variant"]): r for r in csv.DictReader(f)}


def speedup(row: dict[str, str] | None) -> float | None:
    if row is None or row["status"] != "ok" or row["verified"] not in ("yes", "reference") or not row["speedup"]:
        return None
    return float(row["speedup"])


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", type=Path, help="results.csv of a polyrl bench run")
    ap.add_argument("variant", help="the variant to judge, e.g. polyrl-affine")
    ap.add_argument("reference", help="the variant(s) to judge it against, comma-separated, e.g. pluto")
    ap.add_argument("--within", type=float, default=0.10, help="tolerance (default 0.10: within 10%%)")
    args = ap.parse_args()
    if not args.results.is_file():
        print(f"error: {args.results}: no such file", file=sys.stderr)
        return 2
    rows = read(args.results)
    kernels = list(dict.fromkeys(k for k, _ in rows))
    refs = [r.strip() for r in args.reference.split(",") if r.strip()]
    for name in [args.variant, *refs]:
        if not any(v == name for _, v in rows):
            print(f"error: no variant `{name}` in {args.results}", file=sys.stderr)
            return 2
    judged, behind, unverified = 0, [], []
    for k in kernels:
        ours = speedup(rows.get((k, args.variant)))
        theirs = [s for s in (speedup(rows.get((k, r))) for r in refs) if s is not None]
        if not theirs:
            why = "; ".join(f"{r}: {rows[(k, r)]['status']}" for r in refs if (k, r) in rows)
            unverified.append(f"{k} ({why})")
            continue
        judged += 1
        best = max(theirs)
        if ours is None or ours < (1 - args.within) * best:
            behind.append(f"{k} {ours if ours is None else f'{ours:.2f}x'}/{best:.2f}x")
    label = "+".join(refs)
    print(f"{args.variant} vs {label}: within {args.within:.0%} or faster on {judged - len(behind)} of {judged} "
          f"kernels where {label} verified")
    print(f"behind: {', '.join(behind) if behind else 'none'}")
    print(f"{label} not verified: {', '.join(unverified) if unverified else 'none'}")
    for name in [args.variant, *refs]:
        values = [s for s in (speedup(rows.get((k, name))) for k in kernels) if s is not None]
        print(f"geomean {name}: {geomean(values):.2f}x over {len(values)} kernels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
