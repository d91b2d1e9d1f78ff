"""Session 42: the shipped one-shot pipeline (`polyrl optimize`: greedy episode, check, form
check, macro pick) with one change, the check's cost model (costmodel.pt) as a third vote in the
macro pick: a macro schedule is taken only where it too predicts it at least MARGIN times faster
than the checked schedule. Writes decisions in session 38's format (pipeline_eval.py), next to
the configurations decided there, for session 41's changed_decisions.py.

    python pick_vote.py PLAN_DIR NAME=MARGIN...   # e.g. vote100=1.0 vote125=1.25
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

from polyrl.api import load
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy


class VotingPolicy(Policy):
    """The shipped pipeline; where its pick takes a macro schedule, the check's cost model must
    predict that schedule `pick_check_margin` times faster than the checked one too, or the checked
    schedule stays (with the pick's time counted, as a pick that takes nothing)."""

    pick_check_margin = 1.0

    def _macro_pick(self, lp, chosen):
        result = super()._macro_pick(lp, chosen)
        if not result.macro:
            return result
        start = time.perf_counter()
        before, after = self._predicted(self.check, lp, [(chosen.schedule, chosen.nest), (result.schedule, result.nest)])
        if before / after >= self.pick_check_margin:
            return replace(result, seconds=result.seconds + time.perf_counter() - start)
        return replace(chosen, seconds=result.seconds + time.perf_counter() - start)


def main(plan_dir: Path, configs: list[str]) -> None:
    plan = json.loads((plan_dir / "plan.json").read_text())
    out = plan_dir / "decisions.json"
    decisions = json.loads(out.read_text()) if out.exists() else {}
    files = {}
    for line in (plan_dir / "corpus" / "manifest.jsonl").read_text().splitlines():
        if line.strip():
            e = json.loads(line)
            files[e["id"]] = e["file"]
    for config in configs:
        name, _, margin = config.partition("=")
        policy = VotingPolicy.load(check=True, pick=True)
        policy.pick_check_margin = float(margin)
        start = time.time()
        chosen = {}
        for row in plan:
            inf = policy.greedy(LoadedProgram.of(load(plan_dir / "corpus" / files[row["id"]])))
            chosen[row["id"]] = {"schedule": inf.text, "macro": inf.macro, "seconds": inf.seconds}
        decisions[name] = {"spec": f"shipped pick, the check's model a third vote at {margin}", "chosen": chosen}
        out.write_text(json.dumps(decisions, indent=1))
        print(f"{plan_dir.name} {name}: {len(chosen)} programs in {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), sys.argv[2:])
