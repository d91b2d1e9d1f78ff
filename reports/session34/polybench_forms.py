"""Session 34: why the form check and PolyBench MEDIUM disagree. For each PolyBench kernel at a
size class, the shipped policy's schedule before the form check; where it ends with a whole-program
form, each cost model's predicted original/form time ratio (> 1: the form predicted faster) and
the form's features the models see most directly (footprint, the largest working set). Nothing
is timed; the measured speedups come from a bench CSV that ran the old check (variant
polyrl-policy-s32) and the new one (polyrl-policy).

    python polybench_forms.py DATASET BENCH_CSV [MODEL.pt ...]   (more models, each a column)
"""
import csv
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search.policy import DEFAULT_FORMS, DEFAULT_PICK, CostCheck, Policy

dataset, bench_csv = sys.argv[1], Path(sys.argv[2])
measured: dict[tuple[str, str], str] = {}
for r in csv.DictReader(bench_csv.open()):
    measured[(r["kernel"], r["variant"])] = r["speedup"] or r["status"]
policy = Policy.load(check=True, forms=False)
models = {"pick": CostCheck(DEFAULT_PICK), "forms": CostCheck(DEFAULT_FORMS)}
models |= {Path(m).name: CostCheck(m) for m in sys.argv[3:]}
_, folder = resolve_suite("polybench")
print("| kernel | form | " + " | ".join(f"{m}: orig/form" for m in models) + " | measured, old check | measured, new check |")
print("|---|---|" + "---:|" * (len(models) + 2))
for kernel in discover(folder):
    lp = LoadedProgram.of(kernel.load(dataset))
    inf = policy.greedy(lp)
    if not inf.whole:
        continue
    pair = [(inf.schedule, inf.nest), (Schedule(), lp.program.model.original)]
    ratios = {}
    for name, cost in models.items():
        form_t, orig_t = policy._predicted(cost, lp, pair)
        ratios[name] = float(orig_t / form_t)
    print(f"| {kernel.name} | `{inf.text[:60]}` | " + " | ".join(f"{r:.2f}" for r in ratios.values()) + " | "
          f"{measured.get((kernel.name, 'polyrl-policy-s32'), '')} | {measured.get((kernel.name, 'polyrl-policy'), '')} |",
          flush=True)
