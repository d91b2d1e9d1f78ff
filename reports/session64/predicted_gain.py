"""Session 64: what each of the pipeline's cost models predicts for its final choice against the original loops.

  .venv/bin/python reports/session64/predicted_gain.py [--dataset LARGE] [--kernels a,b]

Per PolyBench kernel: the one-shot pipeline's schedule (Policy.greedy with the check and the macro pick, as
`polyrl optimize` and bench's polyrl-policy run it) and, for each cost model the pipeline holds (check, forms,
forms_also, pick, pick_also), the predicted time of the original loops over the predicted time of that schedule
(above 1: predicted faster). Nothing is compiled or timed; this only looks, it decides nothing (PolyBench is the test)."""
import argparse
import math

from polyrl.bench.suite import discover, resolve_suite, select
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy

ap = argparse.ArgumentParser()
ap.add_argument("--dataset", default="LARGE")
ap.add_argument("--kernels", default=None)
a = ap.parse_args()
kernels = select(discover(resolve_suite("polybench")[1]), a.kernels.split(",") if a.kernels else None)
policy = Policy.load(None, check=True, pick=True)
names = ["check", "forms", "forms_also", "pick", "pick_also"]
print(f"{'kernel':15s} " + " ".join(f"{n:>10s}" for n in names) + "  schedule")
for k in kernels:
    lp = LoadedProgram.of(k.load(a.dataset))
    final = policy.greedy(lp)
    pair = [(final.schedule, final.nest), (Schedule(), lp.program.model.original)]
    gains = []
    for n in names:
        cost = getattr(policy, n, None)
        if cost is None or not final.schedule.actions:
            gains.append(float("nan"))
            continue
        t_final, t_orig = policy._predicted(cost, lp, pair)
        gains.append(float(t_orig / t_final))
    print(f"{k.name:15s} " + " ".join(f"{g:10.3f}" if not math.isnan(g) else f"{'-':>10s}" for g in gains)
          + f"  {final.text or 'none'}", flush=True)
