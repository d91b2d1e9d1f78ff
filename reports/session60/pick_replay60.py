"""Session 60: session 59's pick replay (pick_replay.py, whose predict and report this calls) with F60 and with rules
that ask several model pairs at once (nothing timed).

Pairs: `ship` = the shipped pair (F52 blended with F56, as this Zen 5 asks them), `f60` = F52 blended with F60
(train60.sh); a rule's MODELS is `ship`, `f60`, or `ship+f60` (all four models must predict the gain). The report
adds each rule's worst program against the shipped pick.
  .venv/bin/python reports/session60/pick_replay60.py predict CORPUS OUT.json
  .venv/bin/python reports/session60/pick_replay60.py report OUT.json STORE CORPUS [OUT.json STORE CORPUS ...]"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session59"))
from pick_replay import W, predict, report  # noqa: E402

from polyrl.search import Policy  # noqa: E402
from polyrl.search.policy import PICK_MARGIN, CostCheck  # noqa: E402

S = Path("/work/runs/s60")
RULES = [(m, k, g) for m in ("ship", "f60", "ship+f60") for k in (0, 8) for g in (1.0, 1.1, PICK_MARGIN, 1.5)]


def pairs60(policy: Policy) -> dict[str, tuple[CostCheck, CostCheck]]:
    return {"ship": (policy.pick, policy.pick_also),
            "f60": (CostCheck(W / "costmodel-forms-amd.pt", blend=[S / "F60-forms-export.pt"]),
                    CostCheck(W / "costmodel-forms-tuned-amd.pt", blend=[S / "F60-tuned-export.pt"]))}


if __name__ == "__main__":
    if sys.argv[1] == "predict":
        predict(Path(sys.argv[2]), Path(sys.argv[3]), pairs60)
    else:
        args = sys.argv[2:]
        report([(Path(args[i]), args[i + 1], Path(args[i + 2])) for i in range(0, len(args), 3)], RULES, worst=True)
