"""Session 56: for the programs decide56b.sh's two margins decided differently, the pick models' predicted
speedup of the checked schedule (before the pick) over the original loops, beside the measured outcome of
the lower margin (nothing timed). Printed per program: set, id, each model's predicted checked/original,
the measured mix56b/ship56b ratio.
  .venv/bin/python reports/session56/guard_analysis.py SET_DIR..."""
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import _policy  # noqa: E402

from polyrl.api import load  # noqa: E402
from polyrl.poly.schedule import Schedule  # noqa: E402
from polyrl.rl.state import LoadedProgram  # noqa: E402
from polyrl.search.policy import _argmax  # noqa: E402

W = "/work/main/polyrl/model/weights"
SHIP = (f"{W}/costmodel-forms-amd.pt+{W}/costmodel-forms-amd-zen5.pt,"
        f"{W}/costmodel-forms-tuned-amd.pt+{W}/costmodel-forms-tuned-amd-zen5.pt")
policy = _policy(SHIP)
report = Path(__file__).parent
for d in map(Path, sys.argv[1:]):
    text = (report / f"changed56b-{d.name}.txt")
    if not text.exists():
        continue
    outcome = {m.group(1): float(m.group(2)) for m in re.finditer(r"(\S+):\s+([\d.]+)x\s+\(vs", text.read_text())}
    files = {}
    for line in (d / "corpus" / "manifest.jsonl").read_text().splitlines():
        if line.strip():
            e = json.loads(line)
            files[e["id"]] = e["file"]
    for pid, ratio in outcome.items():
        lp = LoadedProgram.of(load(d / "corpus" / files[pid]))
        checked = policy._check(lp, policy.episode(lp, _argmax))
        pair = [(checked.schedule, checked.nest), (Schedule(), lp.program.model.original)]
        gains = [float(t[1] / t[0]) for t in (policy._predicted(c, lp, pair) for c in (policy.pick, policy.pick_also))]
        print(f"{d.name} {pid} predicted {gains[0]:7.2f} {gains[1]:7.2f}  measured mix/ship {ratio:.3f}", flush=True)
