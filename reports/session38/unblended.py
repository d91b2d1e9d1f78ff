"""Session 38: the shipped policy's schedule for every PolyBench kernel as it was before this
session, the two forms models not blended with their AMD fine-tunes (the check, the form check
and the macro pick otherwise as shipped), as `kernel: SCHEDULE` lines for bench's
polyrl-schedule: the old choice measured in the same run as the new one. Nothing is timed.

    python reports/session38/unblended.py MEDIUM OUT.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.search import Policy
from polyrl.search.policy import DEFAULT_FORMS, DEFAULT_FORMS_TUNED, PICK_MARGIN, CostCheck


def main() -> int:
    dataset, out = sys.argv[1:3]
    base = Policy.load(check=True, forms=False)
    forms, tuned = CostCheck(DEFAULT_FORMS), CostCheck(DEFAULT_FORMS_TUNED)
    policy = Policy(base.model, base.max_steps, base.path, check=base.check, forms=forms, forms_also=tuned,
                    pick=forms, pick_also=tuned, pick_margin=PICK_MARGIN)
    _, folder = resolve_suite("polybench")
    lines = []
    for kernel in discover(folder):
        inf = policy.greedy(kernel.load(dataset))
        lines.append(f"{kernel.name}: {inf.text}\n")
        print(lines[-1], end="", flush=True)
    Path(out).write_text("".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
