"""Session 35: the changed macro schedules of macro_fix_heldout.py, old against new, from one
`polyrl measure` run per set (both timed side by side in one fresh store).

    python reports/session35/macro_fix_report.py SETDIR FIX.json STORE [SETDIR FIX.json STORE ...]
"""
import json
import math
import sys
from pathlib import Path

from polyrl.model.costmodel import index_corpus, read_manifest, read_store

ratios, lines = [], []
args = sys.argv[1:]
for setdir, fix, store in zip(args[::3], args[1::3], args[2::3], strict=True):
    samples, _ = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(Path(setdir) / "corpus"), {}, 1, lambda _: None).items()}
    t = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    for p in json.loads(Path(fix).read_text()):
        o, n, base = t.get((p["id"], p["old"])), t.get((p["id"], p["new"])), t.get((p["id"], ""))
        if o and n:
            ratios.append(o / n)
            lines.append(f"{Path(setdir).name:4s} {p['id']:28s} {p['macro']:22s} old {base / o:6.2f}x  new {base / n:6.2f}x  "
                         f"new/old {o / n:5.2f}")
print("\n".join(lines))
g = math.exp(sum(map(math.log, ratios)) / len(ratios))
print(f"{len(ratios)} changed macro schedules: new over old geomean {g:.3f}x, faster by >5% {sum(r > 1.05 for r in ratios)}, "
      f"slower by >5% {sum(r < 1 / 1.05 for r in ratios)}")
