"""Session 71: the PolyBench kernels whose one-shot schedule changes with FOLD (decide71.md: divisions, remainders
and math calls counted as multiplications in the program graphs), at one dataset size; nothing is timed (PolyBench
decides nothing: this says what to measure after). Writes the pipeline's schedules without FOLD for the changed
kernels as a `polyrl bench --schedules` file, so that polyrl-schedule (without FOLD) and polyrl-policy (with it, once
it is the default) run side by side in one bench (reports/session66/bench66.sh with N=71).
  .venv/bin/python reports/session71/changed_polybench71.py LARGE|MEDIUM OUT.txt"""
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.model import features
from polyrl.search import Policy

dataset, out = sys.argv[1], Path(sys.argv[2])
variants = {"without": dict(features.UNFOLDED), "FOLD": dict(features.FOLD)}
policies = {v: Policy.load(None, check=True, pick=True) for v in variants}
lines = [f"# session 71: the one-shot schedules without FOLD (as shipped before it) of the PolyBench kernels at "
         f"{dataset} whose schedule changes with FOLD"]
for k in discover(resolve_suite("polybench")[1]):
    texts = {}
    for v, m in variants.items():
        features.FOLDED_OPS = m
        texts[v] = policies[v].greedy(k.load(dataset)).text  # a fresh parse per variant: no statement row is shared
    features.FOLDED_OPS = variants["without"]
    a, b = texts["without"], texts["FOLD"]
    if a != b:
        print(f"{k.name:15s} without `{a or 'original'}` -> FOLD `{b or 'original'}`", flush=True)
        lines.append(f"{k.name}: {a}")
print(f"{dataset}: {len(lines) - 1} kernel(s) change")
out.write_text("\n".join(lines) + "\n")
