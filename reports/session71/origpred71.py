"""Session 71: the cost models' predicted time of each PolyBench kernel's original loops against its measured base time
(a bench results.csv), with the program graphs as shipped before FOLD and with it; nothing is timed. PolyBench decides
nothing here: this shows where the models' inputs lie outside what they learned.
  .venv/bin/python reports/session71/origpred71.py MEDIUM reports/session63/bench-s63-medium.csv"""
import csv
import math
import sys

from polyrl.bench.suite import discover, resolve_suite
from polyrl.model import features
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy

size, results = sys.argv[1], sys.argv[2]
base = {r["kernel"]: float(r["seconds"]) for r in csv.DictReader(open(results)) if r["variant"] == "base"}
variants = {"before": dict(features.UNFOLDED), "FOLD": dict(features.FOLD)}
policies = {v: Policy.load(check=True, pick=True) for v in variants}
print(f"{'kernel':16s} {'base ms':>9s}   log(predicted / measured) of the original loops: pick models forms, tuned; check")
print(f"{'':16s} {'':>9s}   {'before FOLD':>22s}   {'with FOLD':>22s}")
for k in discover(resolve_suite("polybench")[1]):
    t = base.get(k.name)
    if t is None:
        continue
    cols = []
    for v, m in variants.items():
        features.FOLDED_OPS = m
        policy = policies[v]
        lp = LoadedProgram.of(k.load(size))
        pair = [(Schedule(), lp.program.model.original)]
        cols.append([math.log(policy._predicted(c, lp, pair)[0] / t) for c in (policy.pick, policy.pick_also, policy.check)])
    features.FOLDED_OPS = variants["FOLD"]
    print(f"{k.name:16s} {t * 1e3:9.3f}   " + "   ".join(" ".join(f"{x:+6.2f}" for x in c) for c in cols), flush=True)
