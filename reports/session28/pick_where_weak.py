"""Session 28, offline: the macro pick only where the checked greedy schedule keeps the
original loops or is a Pluto form, on the two held-out sets where every candidate is
measured (seeds 81 and 82), from macro_pick.py's predictions. No PolyBench."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
from common import Measured, geomean  # noqa: E402

for x, corpus, store in [('gs','/work/runs/s28/gs80','/work/runs/s27/gs.sqlite'),('gt','/work/runs/s27/gt80','/work/runs/s27/gt.sqlite')]:
    m = Measured(corpus, store)
    head = {r['id']: r for r in json.load(open(f'/work/runs/s28/{x}-head.json'))}
    mp = json.load(open(f'/work/runs/s28/{x}-mp.json'))
    base, pick, weak = [], [], []
    for r in mp:
        h = head[r['id']]
        assert r['candidates']['one-shot'] == h['schedule']
        sp = {k: (m.speedup(r['id'], t) if t else 1.0) for k, t in r['candidates'].items()}
        p = r['predicted']['C28']
        best = min((k for k in sp if sp[k] is not None), key=lambda k: p[k])
        base.append(sp['one-shot']); pick.append(sp[best])
        isweak = h['whole'] or not h['schedule']
        weak.append(sp[best] if isweak else sp['one-shot'])
    print(x, 'head %.3f pick %.3f pick-where-weak %.3f' % (geomean(base), geomean(pick), geomean(weak)), sum(1 for r in mp if head[r['id']]['whole'] or not head[r['id']]['schedule']), 'weak')
