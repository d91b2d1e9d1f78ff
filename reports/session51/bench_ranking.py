"""Session 51: how forms cost models rank the schedules one `polyrl bench` run measured, kernel by kernel.

A diagnostic on the test set, after the fact: nothing is chosen with it. For every kernel of the suite
at DATASET, the schedules its store holds for that kernel's program (every variant's: the base, the
policy's, both searches' candidates) with their verified times; each MODEL (or blend `A+B`: CostCheck's
`blend`, as session 32's costmodel_eval.py) predicts their times. Per model: the within-kernel Spearman
(polyrl.model.costmodel.spearman_within), nDCG@1, and the speedup of the schedule it predicts
fastest, as a share of the best measured one's log-gain (the figure the one-shot share would be if
the pipeline picked among the measured candidates with that model). With --macros only the original
and the kernel's macro schedules (polyrl.poly.macros.macro_plans, what the macro pick weighs) count.

    python reports/session51/bench_ranking.py [--macros] STORE DATASET MODEL [MODEL ...]
    python reports/session51/bench_ranking.py bench/s50-medium.sqlite MEDIUM A.pt+B.pt C.pt
"""
import math
import sys

import numpy as np

from polyrl.bench.suite import discover, resolve_suite
from polyrl.errors import PolyrlError
from polyrl.model.costmodel import ndcg_at_1, spearman_within
from polyrl.model.features import program_graph
from polyrl.poly.legality import apply_schedule
from polyrl.poly.macros import macro_plans
from polyrl.poly.schedule import Schedule
from polyrl.runtime.store import MemoStore, program_hash
from polyrl.search.policy import CostCheck


def candidates(by_program: dict, kernel, dataset: str, macros: bool):
    """(graphs, seconds, texts) of the kernel's verified schedules in the store ('' the original)."""
    program = kernel.load(dataset)
    # with --macros, only these schedules count, with the nests macro_plans made
    plans = {"": program.model.original} | {str(Schedule(tuple(acts))): nest
                                            for acts, nest in macro_plans(program.model).values()} if macros else None
    graphs, seconds, texts = [], [], []
    for text, rec in by_program.get(program_hash(program.scop), []):
        if rec.status != "ok" or not rec.times or rec.verified is False or text in texts:
            continue
        if plans is not None:
            if text not in plans:
                continue
            nest = plans[text]
        else:
            try:
                nest = apply_schedule(program.model, Schedule.parse(text)) if text else program.model.original
            except PolyrlError:
                continue  # another tool's build (pluto, polly), not a polyrl schedule
        graphs.append(program_graph(program.scop, nest))
        seconds.append(min(rec.times))
        texts.append(text)
    return graphs, np.array(seconds), texts


def main() -> None:
    args = sys.argv[1:]
    macros = "--macros" in args
    store_path, dataset, *models = [a for a in args if a != "--macros"]
    by_program: dict[str, list] = {}
    with MemoStore(store_path) as store:
        for key, rec in store.items():
            by_program.setdefault(key.program, []).append((key.schedule, rec))
    _, folder = resolve_suite("polybench")
    loaded = {spec: CostCheck(first, blend=rest) for spec in models for first, *rest in [spec.split("+")]}
    groups, seconds, predicted = [], [], {spec: [] for spec in models}
    picks = {spec: [] for spec in models}
    best = []
    for kernel in discover(folder):
        try:
            graphs, secs, texts = candidates(by_program, kernel, dataset, macros)
        except PolyrlError:
            continue
        if "" not in texts or len(texts) < 2:
            continue
        base = secs[texts.index("")]
        groups += [kernel.name] * len(texts)
        seconds.append(secs)
        best.append(base / secs.min())
        for spec, check in loaded.items():
            t = check.predict(graphs)
            predicted[spec].append(t)
            picks[spec].append(base / secs[int(np.argmin(t))])
        print(f"{kernel.name:16s} {len(texts):3d} schedules, best {best[-1]:6.2f}x; picked "
              + ", ".join(f"{picks[s][-1]:.2f}x" for s in models), flush=True)
    all_seconds = np.concatenate(seconds)
    gain = sum(math.log(b) for b in best)
    print(f"{len(best)} kernels, {len(groups)} schedules; the best measured {math.exp(gain / len(best)):.3f}x")
    for spec in models:
        p = np.concatenate(predicted[spec])
        pick = sum(math.log(x) for x in picks[spec])
        print(f"{spec}\n  within-kernel Spearman {spearman_within(p, all_seconds, groups):.3f}  nDCG@1 "
              f"{ndcg_at_1(p, all_seconds, groups):.3f}  its pick {math.exp(pick / len(best)):.3f}x: "
              f"{pick / gain:.1%} of the best's log-gain")


if __name__ == "__main__":
    main()
