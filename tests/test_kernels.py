"""Every PolyBench and Pearl kernel of datasets/ parses, and the empty schedule's codegen
computes exactly what the original computes (bitwise, at MINI size).

The builds run two at a time in worker processes (isl contexts are not shared between
threads); each kernel's outcome is then its own test, failing with the stage and error.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from polyrl.bench.suite import Kernel, datasets_root, discover

ROOT = datasets_root()
pytestmark = pytest.mark.skipif(ROOT is None, reason="datasets/ is not beside the polyrl package")

SUITES = ("polybench", "pearl")
KERNELS: dict[str, Kernel] = (
    {f"{s}/{k.name}": k for s in SUITES for k in discover(ROOT / s)} if ROOT is not None else {}
)
# -ffp-contract=off makes the check bitwise (Toolchain.exact); without -fopenmp the
# emitter's `omp simd` hints cannot reorder a reduction
FLAGS = ("-O2", "-ffp-contract=off", "-DMINI_DATASET")


def round_trip(kernel: Kernel) -> tuple[str, str]:
    """(stage, outcome): stage is where it stopped, outcome "ok" or the error."""
    from polyrl.runtime import Toolchain, measure

    try:
        program = kernel.load("MINI")
    except Exception as e:
        return "front end", f"{type(e).__name__}: {e}"
    try:
        region = program.apply("").region_text
    except Exception as e:
        return "codegen", f"{type(e).__name__}: {e}"
    tc = Toolchain(flags=FLAGS + tuple(f"-I{d}" for d in kernel.include_dirs), threads=1)
    try:
        base = measure(program.scop, None, tc, repeat=1, timeout_s=60)
        if base.status != "ok":
            return "original program", f"{base.status}: {base.detail}"
        new = measure(program.scop, region, tc, repeat=1, timeout_s=60, reference=base.dump)
    except Exception as e:
        return "build/run", f"{type(e).__name__}: {e}"
    if new.status != "ok":
        return "round trip", f"{new.status}: {new.detail}"
    return "round trip", "ok"


@pytest.fixture(scope="module")
def outcomes(request) -> dict[str, tuple[str, str]]:
    """Round trips of the kernels this session selected, two at a time."""
    wanted = [item.callspec.params["kernel_id"] for item in request.session.items
              if getattr(item, "originalname", "") == "test_round_trip" and hasattr(item, "callspec")]
    workers = max(1, min(2, os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = pool.map(round_trip, [KERNELS[k] for k in wanted])
        return dict(zip(wanted, results, strict=True))


def test_kernel_counts() -> None:
    assert sum(k.startswith("polybench/") for k in KERNELS) == 30
    assert sum(k.startswith("pearl/") for k in KERNELS) == 8


@pytest.mark.parametrize("kernel_id", sorted(KERNELS))
def test_round_trip(kernel_id: str, outcomes: dict[str, tuple[str, str]]) -> None:
    stage, outcome = outcomes[kernel_id]
    path = Path(KERNELS[kernel_id].path)
    assert outcome == "ok", f"{path}: {stage}: {outcome}"
