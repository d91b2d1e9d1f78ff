"""Session 42: the shipped one-shot pipeline (`polyrl optimize`: greedy episode, check, form
check, macro pick) with one change, the check's cost model (costmodel.pt) as a third vote in the
macro pick: a macro schedule is taken only where it too predicts it at least MARGIN times faster
than the checked schedule. Writes decisions in session 38's format (pipeline_eval.py), next to
the configurations decided there (by its `decide`), for session 41's changed_decisions.py.

    python pick_vote.py PLAN_DIR NAME=MARGIN...   # e.g. vote100=1.0 vote125=1.25
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

from polyrl.search import Policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import decide  # noqa: E402 - a report script beside this one


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


def voting(margin: str) -> VotingPolicy:
    policy = VotingPolicy.load(check=True, pick=True)
    policy.pick_check_margin = float(margin)
    return policy


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    decide(Path(sys.argv[1]), sys.argv[2:], voting)
