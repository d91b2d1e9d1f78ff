"""Session 43: how much work one parallel region of a one-shot schedule holds, and what an instance
costs: each parallel loop's mean statement instances a start (polyrl.poly.geometry.parallel_work, what
MIN_PARALLEL_WORK is compared with), and the original's measured time over all its instances.
Nothing is timed here: the times come from a store or a bench run.

    python reports/session43/region_cost.py heldout PLAN_DIR STORE CONFIG PROGRAM...
    python reports/session43/region_cost.py polybench DATASET SCHEDULES.txt BENCH.csv KERNEL...
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.bench.suite import discover, resolve_suite
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.poly.geometry import DEFAULT_PARAM_VALUE, LoopGeometry, parallel_work
from polyrl.poly.legality import apply_schedule
from polyrl.poly.params import resolve_params
from polyrl.poly.schedule import Schedule


def show(name: str, program, schedule: str, seconds: float) -> None:
    nest = apply_schedule(program.model, Schedule.parse(schedule))
    instances = sum(LoopGeometry(program.scop, nest, resolve_params(program.scop, None, DEFAULT_PARAM_VALUE))
                    .instances.values())
    regions = [parallel_work(program.scop, nest, path, level) for path in nest.branches()
               for level, loop in enumerate(nest.loops_on(path)) if loop.parallel]
    per = seconds / instances
    print(f"{name}: {schedule}\n  regions of {', '.join(f'{w:.3g}' for w in regions) or 'none'} instances; "
          f"original {seconds * 1e3:.3f} ms over {instances:.3g} instances, {per * 1e9:.2f} ns an instance"
          + (f"; a region of the first {regions[0] * per * 1e3:.3f} ms" if regions else ""))


def heldout(plan_dir: Path, store: str, config: str, programs: list[str]) -> None:
    chosen = json.loads((plan_dir / "decisions.json").read_text())[config]["chosen"]
    samples, _ = read_store(store)
    entries = index_corpus(read_manifest(plan_dir / "corpus"), {}, 1, lambda _: None)
    ids = {h: e.id for h, e in entries.items()}
    original = {ids.get(s.program): s.seconds for s in samples if s.schedule == ""}
    files = {e.id: e.path for e in entries.values()}
    for p in programs:
        show(p, load(files[p]), chosen[p]["schedule"], original[p])


def polybench(dataset: str, schedules: str, bench_csv: str, kernels: list[str]) -> None:
    schedule = dict(line.split(": ", 1) for line in Path(schedules).read_text().splitlines())
    base = {r["kernel"]: float(r["seconds"]) for r in csv.DictReader(open(bench_csv)) if r["variant"] == "base"}
    _, folder = resolve_suite("polybench")
    for k in discover(folder):
        if k.name in kernels:
            show(k.name, k.load(dataset), schedule[k.name], base[k.name])


if __name__ == "__main__":
    if len(sys.argv) < 6 or sys.argv[1] not in ("heldout", "polybench"):
        sys.exit(__doc__)
    if sys.argv[1] == "heldout":
        heldout(Path(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        polybench(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
