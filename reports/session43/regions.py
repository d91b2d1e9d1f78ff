"""Session 43: the one-shot pipeline (mix41, as shipped on AMD machines) with a larger least work
of a parallel region (polyrl.poly.geometry.MIN_PARALLEL_WORK, 2**17 statement instances), decided on
held-out sets; nothing timed. The threshold is set everywhere it is read: the policy's own P actions
(Policy.min_parallel_work), the macro plans' choice of a parallel loop and their small-region filter.

    python reports/session43/regions.py PLAN_DIR NAME=LOG2 ...   # e.g. r18=18 r19=19
    python reports/session43/regions.py --polybench DATASET LOG2 OUT.txt   # `kernel: SCHEDULE` lines

Why: on the stencil-rich held-out sets, mix41's schedules that parallelize the space loop inside a
time loop of 120-470 steps ran at 0.55-0.72x of the original (seed 140's programs 25, 37, 49), with
2 to 5 x 10**5 instances a region: a region of vector code that short does not pay for starting and
joining threads with OMP_WAIT_POLICY=passive on this machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polyrl.poly.geometry as geometry
import polyrl.poly.macros as macros
from polyrl.search import Policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import _policy, decide  # noqa: E402 - a report script of session 38

W = Path(macros.__file__).resolve().parents[1] / "model" / "weights"
MIX41 = (f"{W}/costmodel-forms.pt+{W}/costmodel-forms-amd.pt,"
         f"{W}/costmodel-forms-tuned.pt+{W}/costmodel-forms-tuned-amd.pt")


def with_regions(log2: str) -> Policy:
    """mix41 with MIN_PARALLEL_WORK = 2**log2 wherever it is read (module state: the configs of
    one `decide` run one after another)."""
    least = 1 << int(log2)
    macros.MIN_PARALLEL_WORK = least
    macros.without_small_regions.__defaults__ = (least,)
    geometry.small_regions.__defaults__ = (least,)
    policy = _policy(MIX41)
    policy.min_parallel_work = least
    return policy


def polybench(dataset: str, log2: str, out: str) -> None:
    """Each PolyBench kernel's one-shot schedule under `with_regions(log2)` (session 41's
    polybench_schedules.py), for bench's polyrl-schedule; nothing timed."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session41"))
    from polybench_schedules import write_schedules  # a report script of session 41

    write_schedules(with_regions(log2), dataset, out)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    if sys.argv[1] == "--polybench" and len(sys.argv) == 5:
        polybench(*sys.argv[2:5])
    else:
        decide(Path(sys.argv[1]), sys.argv[2:], make_policy=with_regions)
