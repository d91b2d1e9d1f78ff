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

sys.path.insert(0, str(Path(__file__).parent))
from pipeline_eval import _policy  # noqa: E402


def main() -> int:
    dataset, out = sys.argv[1:3]
    policy = _policy("shipped")
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
