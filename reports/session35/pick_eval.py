"""Session 35: rules for the macro pick, scored on measured times (see pick_plan.py).

A rule picks, per program, one of the candidates of plan.json (the shipped one-shot
schedule first, then the macro plans) from the cost models' predictions:

    greedy              the shipped one-shot schedule
    M[@m]               model M's predicted fastest, where it predicts a gain of at least m
                        over the one-shot schedule (default 1)
    A+B[@m]             the candidate of least mean log prediction of A and B, where each of
                        them predicts it at least m times faster than the one-shot schedule

    python reports/session35/pick_eval.py candidates PLAN.json OUT.txt        # what to measure: every candidate
    python reports/session35/pick_eval.py report PLAN.json STORE CORPUS RULE...  # after `polyrl measure`
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from polyrl.model.costmodel import index_corpus, read_manifest, read_store


def pick(row: dict, rule: str) -> int:
    if rule == "greedy":
        return 0
    name, _, margin = rule.partition("@")
    m = float(margin or 1.0)
    models = name.split("+")
    preds = [row["predicted"][k] for k in models]
    score = [sum(math.log(p[i]) for p in preds) / len(preds) for i in range(len(row["candidates"]))]
    best = min(range(len(score)), key=lambda i: (score[i], i))
    if best and all(p[0] / p[best] >= m for p in preds):
        return best
    return 0


def geomean(xs: list[float]) -> float:
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def candidates(plan: list[dict], out: str) -> None:
    """Every candidate of every program (`id: SCHEDULE` lines, what `polyrl measure` reads)."""
    lines = sorted({f"{row['id']}: {c['schedule']}\n" for row in plan for c in row["candidates"] if c["schedule"]})
    Path(out).write_text("".join(lines))
    print(f"{len(plan)} programs, {len(lines)} schedules -> {out}")


def report(plan: list[dict], store: str, corpus: str, rules: list[str]) -> None:
    samples, _ = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    rows = [r for r in plan if (r["id"], "") in seconds]
    full = [r for r in rows if all((r["id"], r["candidates"][pick(r, q)]["schedule"]) in seconds
                                   for q in ["greedy", *rules])]
    print(f"{len(plan)} programs planned, {len(rows)} with the original measured, {len(full)} with every rule's "
          "pick measured (the figures below are over these)")
    greedy = {r["id"]: seconds[(r["id"], "")] / seconds[(r["id"], r["candidates"][0]["schedule"])] for r in full}
    print(f"{'rule':22s} {'geomean':>8s} {'changed':>7s} {'wins':>5s} {'losses':>6s} {'<0.95x':>6s} {'vs one-shot':>11s}")
    for rule in ["greedy", *rules]:
        sp, changed, wins, losses = {}, 0, 0, 0
        for r in full:
            i = pick(r, rule)
            sp[r["id"]] = seconds[(r["id"], "")] / seconds[(r["id"], r["candidates"][i]["schedule"])]
            if i:
                changed += 1
                ratio = sp[r["id"]] / greedy[r["id"]]
                wins += ratio > 1.05
                losses += ratio < 1 / 1.05
        vs = geomean([sp[k] / greedy[k] for k in sp])
        print(f"{rule:22s} {geomean(list(sp.values())):7.3f}x {changed:7d} {wins:5d} {losses:6d} "
              f"{sum(x < 0.95 for x in sp.values()):6d} {vs:10.3f}x")
    best = geomean([max(seconds[(r["id"], "")] / seconds[(r["id"], c["schedule"])]
                        for c in r["candidates"] if (r["id"], c["schedule"]) in seconds) for r in full])
    print(f"{'best measured (oracle)':22s} {best:7.3f}x   (over the candidates measured)")


def main() -> int:
    step, plan_path, *rest = sys.argv[1:]
    plan = json.loads(Path(plan_path).read_text())
    if step == "candidates":
        candidates(plan, rest[0])
    elif step == "report":
        report(plan, rest[0], rest[1], rest[2:])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
