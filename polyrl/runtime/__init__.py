"""polyrl.runtime: compile, run, time and verify programs; remember results in the memo store.

Owns the instrumented private copy of the user's program and everything measured on it;
not the schedules or the generated region text (poly, codegen).
"""

from polyrl.runtime.batch import BatchResult, run_batch
from polyrl.runtime.execute import (
    BASELINE_MISCOMPILED,
    BuildResult,
    Comparison,
    Measurement,
    MiscompiledBaseline,
    RunResult,
    Toolchain,
    build,
    compare,
    measure,
    measure_baseline,
    reference_toolchain,
    run,
)
from polyrl.runtime.instrument import instrument, instrument_batch, written_extents
from polyrl.runtime.store import MemoStore, Record, StoreKey, machine_fingerprint, program_hash
from polyrl.runtime.verify import Verification, compare_dumps, load_dump

__all__ = [
    "BASELINE_MISCOMPILED",
    "BatchResult",
    "BuildResult",
    "Comparison",
    "Measurement",
    "MemoStore",
    "MiscompiledBaseline",
    "Record",
    "RunResult",
    "StoreKey",
    "Toolchain",
    "Verification",
    "build",
    "compare",
    "compare_dumps",
    "instrument",
    "instrument_batch",
    "load_dump",
    "machine_fingerprint",
    "measure",
    "measure_baseline",
    "program_hash",
    "reference_toolchain",
    "run",
    "run_batch",
    "written_extents",
]
