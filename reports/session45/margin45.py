"""Session 45: the macro pick's margin on small programs. Configurations of the shipped one-shot
pipeline (this machine's blend of the forms models) whose pick asks a larger predicted gain, or
is left out, on programs of fewer than 2^24 statement instances (PolyBench MEDIUM's sizes and
below; at LARGE, the few kernels with fewer instances too: durbin, trisolv, jacobi-1d...). Decisions only; nothing is timed.

    python margin45.py PLAN_DIR NAME...   # NAME: base (the shipped margin), m2, m4, np (no pick)

Each is added to PLAN_DIR/decisions.json (session 38's pipeline_eval.decide).
"""

from __future__ import annotations

import sys
from pathlib import Path

from polyrl.poly.macros import _instances
from polyrl.search import Policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import decide  # noqa: E402

SMALL = 2 ** 24
MARGINS = {"base": None, "m2": 2.0, "m4": 4.0, "np": float("inf")}


class SmallMarginPolicy(Policy):
    """The shipped pipeline with `small_margin` in place of the pick's margin below SMALL instances."""

    small_margin: float | None = None

    def _macro_pick(self, lp, chosen):
        if self.small_margin is None or sum(_instances(lp.program.model).values()) >= SMALL:
            return super()._macro_pick(lp, chosen)
        shipped = self.pick_margin
        self.pick_margin = self.small_margin
        try:
            picked = super()._macro_pick(lp, chosen)
        finally:
            self.pick_margin = shipped
        return picked


def make_policy(name: str) -> Policy:
    shipped = Policy.load(check=True, pick=True)
    policy = SmallMarginPolicy(shipped.model, shipped.max_steps, shipped.path, check=shipped.check,
                               forms=shipped.forms, forms_also=shipped.forms_also, pick=shipped.pick,
                               pick_also=shipped.pick_also, pick_margin=shipped.pick_margin)
    policy.small_margin = MARGINS[name]
    return policy


if __name__ == "__main__":
    if len(sys.argv) < 3 or any(n not in MARGINS for n in sys.argv[2:]):
        print(__doc__)
        sys.exit(2)
    decide(Path(sys.argv[1]), sys.argv[2:], make_policy)
