"""Session 35: which macro schedules of held-out programs the parallel-loop rule changes. For each
plan.json (pick_plan.py) of the held-out sets: the macro schedules now, against the candidates
the plan recorded (made before the change); writes OUT.txt with both schedules of each changed
profile (`id: SCHEDULE` lines for `polyrl measure`) and OUT.json with the pairs.

    python reports/session35/macro_fix_heldout.py SETDIR OUT
"""
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.model.costmodel import read_manifest
from polyrl.poly.macros import macro_schedules

setdir, out = Path(sys.argv[1]), sys.argv[2]
rows = json.loads((setdir / "plan.json").read_text())
files = {e.id: e.path for e in read_manifest(setdir / "corpus")}
pairs = []
for r in rows:
    old = {c["macro"]: c["schedule"] for c in r["candidates"] if c["macro"]}
    new = {n: str(s) for n, s in macro_schedules(load(files[r["id"]]).model).items()}
    for name in new:
        if name in old and old[name] != new[name]:
            pairs.append({"id": r["id"], "macro": name, "old": old[name], "new": new[name]})
Path(out + ".json").write_text(json.dumps(pairs))
Path(out + ".txt").write_text("".join(sorted({f"{p['id']}: {s}\n" for p in pairs for s in (p["old"], p["new"])})))
print(f"{len(rows)} programs, {len(pairs)} macro schedules changed, in {len({p['id'] for p in pairs})} programs")
