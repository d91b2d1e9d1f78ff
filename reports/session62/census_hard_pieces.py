"""Session 62: census of count_points calls with a piece of several local variables, not all defined by isl (what
the working-set fix gives up on where coefficients are large), over PolyBench MEDIUM's inference or a corpus's
pipeline candidates. .venv/bin/python reports/session62/census_hard_pieces.py polybench | corpus DIR N"""
import json
import sys

import islpy as isl

import polyrl.poly.counting as counting
import polyrl.poly.workingset as ws

orig = counting.count_points
stats = []
def mag(bs):
    m = 0
    nd = bs.dim(isl.dim_type.div)
    for c in bs.get_constraints():
        for d in range(nd):
            v = c.get_coefficient_val(isl.dim_type.div, d)
            m = max(m, abs(v.to_python()))
        m = max(m, abs(c.get_constant_val().to_python()) if nd else 0)
    return m
def spy(s, give_up=0):
    risky = []
    for bs in s.get_basic_sets():
        nd = bs.dim(isl.dim_type.div)
        if nd >= 2 and counting._undefined(bs):
            risky.append((nd, mag(bs)))
    if risky:
        stats.append((-1.0, s.n_basic_set(), risky))
    return orig(s, give_up)
counting.count_points = spy
ws.count_points = spy
from polyrl.api import load  # noqa: E402 - after the spy is in place
from polyrl.bench.suite import discover, resolve_suite  # noqa: E402 - after the spy is in place
from polyrl.rl.state import LoadedProgram  # noqa: E402 - after the spy is in place
from polyrl.search import Policy  # noqa: E402 - after the spy is in place
from polyrl.search.policy import _argmax  # noqa: E402 - after the spy is in place

mode = sys.argv[1]
if mode == "polybench":
    policy = Policy.load(None, check=True, pick=True)
    _, folder = resolve_suite("polybench")
    for k in discover(folder):
        policy.greedy(k.load("MEDIUM"))
else:
    policy = Policy.load(check=True, pick=True, pick_samples=8)
    corpus = sys.argv[2]
    entries = [json.loads(line) for line in open(corpus + "/manifest.jsonl")][: int(sys.argv[3])]
    for e in entries:
        if e["id"] == "prog_000098" and "271" in corpus:  # the program that hung before the fix
            continue
        lp = LoadedProgram.of(load(corpus + "/" + e["file"]))
        policy.pick_candidates(lp, policy._check(lp, policy.episode(lp, _argmax)))
print(mode, "calls with risky pieces:", len(stats))
stats.sort(key=lambda x: -x[0])
for st in stats[:15]:
    print(f"  {st[0]:.3f} s, {st[1]} pieces, risky (divs, magnitude): {st[2][:6]}")
mags = sorted(m for st in stats for _, m in st[2])
print("magnitudes: max", mags[-1] if mags else None, "quantiles", [mags[int(q*(len(mags)-1))] for q in (0.5, 0.9, 0.99)] if mags else None)
