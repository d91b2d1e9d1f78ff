"""Held-out comparison of policies on a generated corpus none of them trained on.

Two steps around one `polyrl measure` run:

    # 1. each policy's greedy schedule for the first 60 programs whose size estimate is
    #    10-300 ms: OUT.txt (`program: SCHEDULE` lines, what polyrl measure reads) and
    #    OUT.txt.json (which policy chose what)
    python scripts/heldout.py schedules CORPUS OUT.txt POLICY.pt [POLICY.pt ...] [--check [COSTMODEL]]
    # 2. measure them (and the originals) on this machine
    polyrl measure CORPUS --schedules OUT.txt --store STORE.sqlite ...
    # 3. each policy's geometric-mean speedup over the programs measured; with two
    #    policies, also the second's speedup over the first, program by program
    python scripts/heldout.py report CORPUS OUT.txt STORE.sqlite

Uses only polyrl's public API.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.search import Policy


def chosen_programs(corpus: str, count: int) -> list[dict]:
    entries = [json.loads(line) for line in (Path(corpus) / "manifest.jsonl").read_text().splitlines() if line.strip()]
    return [e for e in entries if 10 <= e["estimate_ms"] <= 300][:count]


def write_schedules(args: argparse.Namespace) -> int:
    # with --check, each greedy schedule gets the cost model's check (what `polyrl optimize`
    # ships): the shipped cost model, or the one at the given path
    check = False if args.check is None else (True if args.check == "shipped" else args.check)
    policies = {path: Policy.load(path, check=check) for path in args.policies}
    rows = []
    for entry in chosen_programs(args.corpus, args.count):
        program = load(Path(args.corpus) / entry["file"])
        for path, policy in policies.items():
            rows.append({"id": entry["id"], "policy": path, "schedule": policy.greedy(program).text})
    Path(args.out + ".json").write_text(json.dumps(rows))
    lines = sorted({f"{r['id']}: {r['schedule']}" for r in rows if r["schedule"]})
    Path(args.out).write_text("".join(line + "\n" for line in lines))
    print(f"{len(rows) // max(len(policies), 1)} programs, {len(rows)} schedules ({len(lines)} distinct) -> {args.out}")
    return 0


def geomean(xs: list[float]) -> float:
    return math.exp(sum(map(math.log, xs)) / len(xs))


def report(args: argparse.Namespace) -> int:
    samples, _ = read_store(args.store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(args.corpus), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    rows = json.loads(Path(args.out + ".json").read_text())
    speedups: dict[str, dict[str, float]] = {}
    for r in rows:
        base, mine = seconds.get((r["id"], "")), seconds.get((r["id"], r["schedule"]))
        if base and mine:
            speedups.setdefault(r["policy"], {})[r["id"]] = base / mine
    for name, by_id in speedups.items():
        kept = sum(1 for r in rows if r["policy"] == name and not r["schedule"])
        print(f"{Path(name).name:28s} {len(by_id):3d} programs  geomean {geomean(list(by_id.values())):.3f}x  "
              f"below 0.95x: {sum(x < 0.95 for x in by_id.values())}  kept as written: {kept}")
    names = list(speedups)
    if len(names) == 2:
        first, second = speedups[names[0]], speedups[names[1]]
        ratios = [second[i] / first[i] for i in sorted(set(first) & set(second))]
        if ratios:
            print(f"{Path(names[1]).name} over {Path(names[0]).name}: geomean {geomean(ratios):.3f}x, "
                  f"wins {sum(r > 1.05 for r in ratios)}, losses {sum(r < 1 / 1.05 for r in ratios)}, "
                  f"within 5%: {sum(1 / 1.05 <= r <= 1.05 for r in ratios)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("schedules", help="write each policy's greedy schedules")
    p.add_argument("corpus")
    p.add_argument("out", help="the schedules file to write (OUT.txt and OUT.txt.json)")
    p.add_argument("policies", nargs="+", metavar="POLICY")
    p.add_argument("--count", type=int, default=60, help="programs to take (default 60)")
    p.add_argument("--check", metavar="COSTMODEL", nargs="?", const="shipped",
                   help="the cost model's check after each greedy schedule, as `polyrl optimize` does: the shipped "
                   "cost model, or the one at COSTMODEL (default: no check, the policy's own schedules)")
    p.set_defaults(func=write_schedules)
    p = sub.add_parser("report", help="geometric-mean speedups from the store")
    p.add_argument("corpus")
    p.add_argument("out", help="the schedules file step 1 wrote")
    p.add_argument("store")
    p.set_defaults(func=report)
    args = parser.parse_args()
    try:
        return args.func(args)
    except PolyrlError as e:
        print(f"heldout: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
