"""Where a cost model misorders a program's schedules: over the pairs of one program's
schedules whose measured times differ by at least 25%, the share the model puts in the
right order, grouped by the kinds of action (P, I, T2, U, J, ...) that one schedule of the
pair has and the other lacks. Validation and test programs of a split, graphs from a cache.

  python pairs.py --split split-c.pt --store g8m.sqlite --cache tv.graphs.pt MODEL.pt
"""
from __future__ import annotations

import argparse
import re
from collections import defaultdict

import torch

from polyrl.model.costmodel import load_costmodel, predict_seconds, read_store


def kinds(schedule: str) -> frozenset[str]:
    return frozenset(re.sub(r"\(.*", "", a.split(":", 1)[1]) for a in schedule.split()) if schedule else frozenset()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", required=True)
    ap.add_argument("--store", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--ratio", type=float, default=1.25)
    ap.add_argument("model")
    args = ap.parse_args()
    split = torch.load(args.split, weights_only=False)["split"]
    cache = torch.load(args.cache, weights_only=False)["graphs"]
    progs = set(split["val"]) | set(split["test"])
    rows = [s for s in read_store(args.store)[0] if s.program in progs and (s.program, s.schedule) in cache]
    model, target = load_costmodel(args.model)
    pred = predict_seconds(model, target, [cache[(s.program, s.schedule)] for s in rows])
    by_prog = defaultdict(list)
    for s, p in zip(rows, pred, strict=True):
        by_prog[s.program].append((s, p))
    right, total = defaultdict(int), defaultdict(int)
    for items in by_prog.values():
        for i, (a, pa) in enumerate(items):
            for b, pb in items[i + 1:]:
                if max(a.seconds, b.seconds) / min(a.seconds, b.seconds) < args.ratio:
                    continue
                ka, kb = kinds(a.schedule), kinds(b.schedule)
                diff = "+".join(sorted(ka ^ kb)) or "same kinds"
                if not a.schedule or not b.schedule:
                    diff = "original vs " + ("+".join(sorted(ka | kb)) or "-")
                diff = diff if len(diff) < 28 else "other"
                ok = (a.seconds < b.seconds) == (pa < pb)
                for key in (diff, "all"):
                    right[key] += ok
                    total[key] += 1
    print(f"pairs of one program's schedules {args.ratio}x or more apart, {len(by_prog)} programs")
    for key in sorted(total, key=lambda k: -total[k]):
        if total[key] >= 20:
            print(f"  {key:<28} {total[key]:>5} pairs  {right[key] / total[key]:.1%} in the right order")


if __name__ == "__main__":
    main()
