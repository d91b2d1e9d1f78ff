"""Session 43: how cost models (or blends of them) rank the measured schedules of programs none of
them was taught (a store of `polyrl measure --schedules macros`): per program, the
within-program Spearman correlation and the measured time of the fastest-predicted schedule over
the fastest measured (top-1 regret). Session 42's rank_eval.py asked the shipped models only; this
one takes any, so a fine-tune is scored before it is decided on.

    python reports/session43/rank_eval.py STORE CORPUS NAME=MODEL[+BLEND][,MODEL2[+BLEND2]] ...

A NAME with two models (comma) is the pick's pair: their mean log predicted time, as the pick
ranks candidates. Programs with fewer than four measured schedules are left out.
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict

import numpy as np

from polyrl.api import load
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.model.features import program_graph
from polyrl.model.metrics import spearman
from polyrl.poly.legality import apply_schedule
from polyrl.poly.schedule import Schedule
from polyrl.search.policy import CostCheck


def _models(spec: str) -> list[CostCheck]:
    return [CostCheck(first, blend=rest) for first, *rest in (p.split("+") for p in spec.split(","))]


def rank(store: str, corpus: str, models: dict[str, list[CostCheck]], limit: int = 10**9) -> None:
    """Print each named model group's mean within-program Spearman and top-1 regret over the
    store's programs (at most `limit`) that have four or more measured schedules; a group of
    several models ranks by their mean log predicted time."""
    samples, machine = read_store(store)
    entries = index_corpus(read_manifest(corpus), {}, 1, lambda _: None)
    times: dict[str, dict[str, float]] = defaultdict(dict)
    for s in samples:
        times[s.program][s.schedule] = s.seconds
    rho: dict[str, list[float]] = defaultdict(list)
    regret: dict[str, list[float]] = defaultdict(list)
    done = 0
    for program, by_schedule in sorted(times.items()):
        if len(by_schedule) < 4 or program not in entries or done >= limit:
            continue
        prog = load(entries[program].path)
        model = prog.model
        texts = sorted(by_schedule)
        graphs = [program_graph(prog.scop, apply_schedule(model, Schedule.parse(t)) if t else model.original)
                  for t in texts]
        measured = np.array([by_schedule[t] for t in texts])
        for name, costs in models.items():
            predicted = np.exp(np.mean([np.log(c.predict(graphs)) for c in costs], axis=0))
            rho[name].append(spearman(predicted, measured))
            regret[name].append(measured[int(np.argmin(predicted))] / measured.min())
        done += 1
    print(f"{done} programs of {store} (measured on {machine}), each with four or more measured schedules")
    for name in models:
        r = [x for x in rho[name] if not math.isnan(x)]
        g = math.exp(sum(math.log(x) for x in regret[name]) / len(regret[name]))
        print(f"  {name:10s} within-program Spearman mean {np.mean(r):.3f}; its fastest-predicted schedule "
              f"{g:.3f}x slower than the fastest measured (geomean), within 5% on "
              f"{sum(x <= 1.05 for x in regret[name])} of {len(regret[name])}")


def main(store: str, corpus: str, configs: list[str]) -> None:
    rank(store, corpus, {name: _models(spec) for name, _, spec in (c.partition("=") for c in configs)})


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
