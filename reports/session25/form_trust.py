"""Session 25: the held-out rows of p11 with the check applied only to non-F episodes (the
Pluto form trusted as the policy chose it). Run in /work/runs/s24 after heldout25.sh: reads
h{c}_p11.txt.json (p11's own) and h{c}_p11chk.txt.json (p11 with the F-aware check), finds
which of p11's episodes took F, and appends the rows as `p11+check(F kept)` to h{c}25.txt.json."""
import json
import sys
from pathlib import Path

sys.path.insert(0, "/work/main/scripts")
from heldout import chosen_programs  # noqa: E402

from polyrl.api import load  # noqa: E402
from polyrl.search import Policy  # noqa: E402

policy = Policy.load("p11.pt")
for c in ("gv", "gw"):
    own = {r["id"]: r["schedule"] for r in json.load(open(f"h{c}_p11.txt.json"))}
    chk = {r["id"]: r["schedule"] for r in json.load(open(f"h{c}_p11chk.txt.json"))}
    rows = json.load(open(f"h{c}25.txt.json"))
    whole = 0
    for entry in chosen_programs(c, 60):
        inf = policy.greedy(load(Path(c) / entry["file"]))
        assert inf.text == own[entry["id"]], entry["id"]
        whole += inf.whole
        rows.append({"id": entry["id"], "policy": "p11+check(F kept)",
                     "schedule": own[entry["id"]] if inf.whole else chk[entry["id"]]})
    json.dump(rows, open(f"h{c}25.txt.json", "w"))
    print(f"{c}: p11 took F on {whole} of 60 programs")
