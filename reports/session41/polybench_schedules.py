"""Session 41: the one-shot pipeline's schedule for every PolyBench kernel under a configuration of
the forms models (session 38's pipeline_eval.py specs), as `kernel: SCHEDULE` lines for bench's
polyrl-schedule, so that two configurations are measured in one run. Nothing is timed.

    python reports/session41/polybench_schedules.py DATASET SPEC OUT.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite

sys.path.insert(0, str(Path(__file__).parents[1] / "session38"))
from pipeline_eval import _policy  # noqa: E402


def write_schedules(policy, dataset: str, out: str) -> None:
    """`policy`'s one-shot schedule of every PolyBench kernel at `dataset`, as `kernel: SCHEDULE`
    lines in `out` (also printed, with the inference time)."""
    _, folder = resolve_suite("polybench")
    lines = []
    for kernel in discover(folder):
        inf = policy.greedy(kernel.load(dataset))
        lines.append(f"{kernel.name}: {inf.text}\n")
        print(f"{lines[-1].rstrip()}   ({inf.seconds:.2f} s)", flush=True)
    Path(out).write_text("".join(lines))


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    dataset, spec, out = sys.argv[1:4]
    write_schedules(_policy(spec), dataset, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
