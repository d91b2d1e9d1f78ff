"""Session 44: the least work of a parallel region counted per start or not. The one-shot pipeline as
shipped (mix41 with MIN_PARALLEL_WORK 2**19, "r19") against 2**17 ("r17", shipped before session 43) and
"rs": 2**19 for a region started more than once (under a time loop or another sequential loop), 2**17
for a region started once. Nothing timed.

    python reports/session44/regions44.py PLAN_DIR r17 r19 rs
    python reports/session44/regions44.py --polybench DATASET CONFIG OUT.txt   # `kernel: SCHEDULE` lines

Why rs: session 43's threshold was chosen on held-out programs whose small regions start once a time
step (0.06-0.10 ms of vector code each, 120-470 steps), and at PolyBench MEDIUM it pruned the single
regions of bicg, atax, mvt and cholesky (1.6 x 10**5 instances, run once), which then lost. Whether a
region started once is worth its threads at that size is decided here on held-out MEDIUM-sized programs
(`generate --scale 0.05`), not on PolyBench.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polyrl.poly.geometry as geometry
import polyrl.poly.macros as macros
from polyrl.poly.params import resolve_params

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session43"))
from regions import with_regions  # noqa: E402 - a report script of session 43

ONCE, REPEATED = 1 << 17, 1 << 19
_SHIPPED_WORK = geometry.parallel_work


def _work_once_scaled(scop, nest, path, level) -> float:
    """parallel_work (the loop's instances over its starts), multiplied by REPEATED / ONCE for a
    loop that starts once, so that the REPEATED threshold prunes such a loop only below ONCE."""
    g = geometry.LoopGeometry(scop, nest, resolve_params(scop, None, geometry.DEFAULT_PARAM_VALUE))
    loop = nest.loops_on(path)[level]
    starts = g.starts(loop, level)
    work = sum(g.instances.get(s, 0) for s in loop.exprs) / max(starts, 1)
    return work * (REPEATED // ONCE) if starts <= 1 else work


def make_policy(config: str):
    """A config's policy; module state, so the configs of one run are built one after another."""
    geometry.parallel_work = macros.parallel_work = _SHIPPED_WORK
    if config == "rs":
        geometry.parallel_work = macros.parallel_work = _work_once_scaled
        return with_regions("19")
    return with_regions(config.removeprefix("r"))


if __name__ == "__main__":
    for session in ("session38", "session41"):
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / session))
    from pipeline_eval import decide  # noqa: E402 - report scripts of sessions 38 and 41
    from polybench_schedules import write_schedules  # noqa: E402

    if len(sys.argv) < 3:
        sys.exit(__doc__)
    if sys.argv[1] == "--polybench" and len(sys.argv) == 5:
        write_schedules(make_policy(sys.argv[3]), sys.argv[2], sys.argv[4])
    else:
        decide(Path(sys.argv[1]), sys.argv[2:], make_policy=make_policy)
