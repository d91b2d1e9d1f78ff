"""Session 42, diagnosis: how the pick's two forms models (this machine's blends) and the check's
cost model rank the measured macro schedules of programs none of them was taught (a store of
`polyrl measure --schedules macros`), per program: within-program Spearman, and the measured
time of each model's fastest-predicted schedule over the fastest measured (top-1 regret).

    python reports/session42/rank_eval.py STORE CORPUS [MAX_PROGRAMS]
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
from polyrl.search import Policy


def main(store: str, corpus: str, limit: int) -> None:
    samples, machine = read_store(store)
    entries = index_corpus(read_manifest(corpus), {}, 1, lambda _: None)
    times: dict[str, dict[str, float]] = defaultdict(dict)
    for s in samples:
        times[s.program][s.schedule] = s.seconds
    policy = Policy.load(check=True, pick=True)
    models = {"forms": policy.pick, "tuned": policy.pick_also, "check": policy.check}
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
        for name, cost in models.items():
            predicted = cost.predict(graphs)
            rho[name].append(spearman(np.asarray(predicted), measured))
            regret[name].append(measured[int(np.argmin(predicted))] / measured.min())
        done += 1
    print(f"{done} programs of {store} (measured on {machine}), each with its original and macro schedules")
    for name in models:
        r = [x for x in rho[name] if not math.isnan(x)]
        g = math.exp(sum(math.log(x) for x in regret[name]) / len(regret[name]))
        print(f"  {name:6s} within-program Spearman mean {np.mean(r):.3f}; its fastest-predicted schedule "
              f"{g:.3f}x slower than the fastest measured (geomean), within 5% on "
              f"{sum(x <= 1.05 for x in regret[name])} of {len(regret[name])}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 10**9)
