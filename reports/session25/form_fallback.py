"""Session 25: where `p11+check(F kept)` keeps a held-out program as written, its Pluto form
(the F episode) instead. Run in /work/runs/s24 after form_trust.py: writes h{c}_fb.txt (the
forms to measure) and appends the rows as `p11+check(F kept)+F if kept` to h{c}25.txt.json."""
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, "/work/main/scripts")
from heldout import chosen_programs  # noqa: E402

from polyrl.api import load  # noqa: E402
from polyrl.rl.actions import ACTION_TEXTS  # noqa: E402
from polyrl.rl.state import LoadedProgram  # noqa: E402
from polyrl.search import Policy  # noqa: E402

FORM = ACTION_TEXTS.index("F(5)")
policy = Policy.load("p11.pt")


def take_the_form(logits, allowed: np.ndarray) -> int:
    return FORM if allowed[FORM] else int(np.flatnonzero(allowed)[-1])


for c in ("gv", "gw"):
    rows = json.load(open(f"h{c}25.txt.json"))
    kept = {r["id"]: r["schedule"] for r in rows if r["policy"] == "p11+check(F kept)"}
    lines, n = [], 0
    for entry in chosen_programs(c, 60):
        s = kept[entry["id"]]
        if not s:
            s = policy.episode(LoadedProgram.of(load(Path(c) / entry["file"])), take_the_form).text
            n += 1
            if s:
                lines.append(f"{entry['id']}: {s}\n")
        rows.append({"id": entry["id"], "policy": "p11+check(F kept)+F if kept", "schedule": s})
    json.dump(rows, open(f"h{c}25.txt.json", "w"))
    Path(f"h{c}_fb.txt").write_text("".join(lines))
    print(f"{c}: {n} kept, {len(lines)} with a form")
