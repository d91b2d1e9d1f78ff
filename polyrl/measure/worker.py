"""The work of one program, run in a worker process or a Ray task: plan its schedules,
then build, run, verify and time its variants.

Owns the two task functions (`plan_program`, `measure_program`) and their plain-data
inputs and outputs; they hold the worker's core gate (polyrl.measure.gate) over their CPU
work and take quiet cores for their timed runs. Tasks never touch the memo store: they
return rows, and the driver (polyrl.measure.scheduler) writes them, so workers may run on
machines that cannot see the store.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.interrupt import exit_where_swallowed
from polyrl.measure.gate import CoreGate, NoGate
from polyrl.runtime.batch import BATCH_MIN_TIMED_S, BatchResult, run_batch
from polyrl.runtime.execute import (
    BASELINE_MISCOMPILED,
    COMPILER_MISCOMPILED,
    Measurement,
    Toolchain,
    build,
    companion_sources,
    measure_baseline,
    rounding_recheck,
    run,
    vectorizer_detail,
    vectorizer_recheck,
    without_contraction,
)
from polyrl.runtime.instrument import instrument, instrument_batch
from polyrl.runtime.store import Record
from polyrl.runtime.verify import compare_dumps, load_dump

# ---------------------------------------------------------------- the core gate


_GATE: CoreGate | NoGate = NoGate()


def init_local_worker(gate: CoreGate) -> None:
    """Initializer of the local worker processes: share the gate, leave Ctrl-C to the driver.
    The driver stops a worker with SIGTERM (after Ctrl-C, or on a broken pool): that is
    raised as SystemExit, so that the compiler or program it is waiting for, which runs in
    its own process group, is killed with it rather than left running."""
    global _GATE
    _GATE = gate
    gate.register()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    sys.unraisablehook = exit_where_swallowed(sys.unraisablehook)


def _exit_on_sigterm(signum: int, _frame) -> None:
    raise SystemExit(128 + signum)


# ---------------------------------------------------------------- task data


@dataclass(frozen=True)
class ProgramSource:
    """A program as tasks receive it: the text travels, so remote workers need no shared files."""

    name: str  # file name, e.g. prog_000042.c
    text: str
    folder: str  # the original folder (an include directory where it exists)
    seed: int  # drives the random schedules


@dataclass(frozen=True)
class PlanJob:
    source: ProgramSource
    random_count: int | None  # random:K
    given: tuple[str, ...] = ()  # schedules from a file (canonical text)
    macros: bool = False  # the macro schedules of polyrl.poly.macros


@dataclass
class Plan:
    program: str = ""  # program_hash of the scop
    schedules: list[tuple[str, bool, str]] = field(default_factory=list)  # (text, legal, why not)
    error: str = ""  # the program could not be modelled (front end)


@dataclass(frozen=True)
class MeasureJob:
    source: ProgramSource
    program: str
    schedules: tuple[str, ...]  # legal schedules to measure
    baseline_needed: bool  # False: its times are stored; it still runs once for the reference data
    toolchain: Toolchain
    repeat: int
    timeout_s: float
    baseline: Record | None = None  # the store's record of the baseline, when it has one
    check_reference: bool = True  # compare the baseline with its -O1 build (runtime.measure_baseline)
    batch: int = 8  # schedules per binary, timed interleaved with the original (1: one binary each)
    compile_timeout_s: float | None = None  # None: runtime.execute.COMPILE_TIMEOUT_S
    prune: float = 0.0  # in a batch, stop timing a schedule this many times slower than the best (run_batch)
    min_time_s: float = BATCH_MIN_TIMED_S  # in a batch, time a schedule until its runs add up to this (run_batch)


@dataclass
class Row:
    """One evaluation for the store: `schedule` "" is the baseline."""

    schedule: str
    legal: bool | None
    status: str
    times: tuple[float, ...]
    verified: bool | None
    detail: str


@dataclass
class MeasureResult:
    rows: list[Row] = field(default_factory=list)
    error: str = ""  # why nothing (more) could be measured, e.g. the reference run failed
    # what the rows are keyed by: the machine and toolchain that measured them
    machine: str = ""
    toolchain: str = ""


# ---------------------------------------------------------------- tasks


@contextlib.contextmanager
def _materialized(src: ProgramSource) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="polyrl-measure-") as tmp:
        path = Path(tmp) / src.name
        path.write_text(src.text)
        yield path


def _load(path: Path):
    from polyrl.api import load

    return load(path)


def plan_program(job: PlanJob) -> Plan:
    """Model the program and choose its schedules (random legal ones, or check the given ones)."""
    from polyrl.measure.schedules import random_schedules
    from polyrl.poly.macros import macro_schedules
    from polyrl.poly.schedule import Schedule
    from polyrl.runtime.store import program_hash

    with _materialized(job.source) as path, _GATE.hold(1):  # modelling is CPU work too (see CoreGate)
        try:
            prog = _load(path)
            plan = Plan(program_hash(prog.scop))
            if job.random_count is not None:
                for s in random_schedules(prog.model, job.random_count, job.source.seed):
                    plan.schedules.append((str(s), True, ""))
            if job.macros:
                known = {t for t, _, _ in plan.schedules}
                for s in macro_schedules(prog.model).values():
                    if str(s) not in known:
                        plan.schedules.append((str(s), True, ""))
            for text in job.given:
                try:
                    prog.apply(Schedule.parse(text))
                    plan.schedules.append((text, True, ""))
                except PolyrlError as e:
                    plan.schedules.append((text, False, str(e)))
            return plan
        except PolyrlError as e:
            return Plan(error=str(e))
        except Exception as e:  # a crash in modelling is reported per program, not fatal to the run
            return Plan(error=f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=4)}")


def _variant(scop, region: str | None, job: MeasureJob, repeat: int, toolchain: Toolchain | None = None):
    """Build under one core, run under the toolchain's cores; (status, times, dump, detail).

    Each variant builds in its own folder, removed at once: dumps can be tens of MB."""
    tc = toolchain or job.toolchain
    include = tuple(d for d in (job.source.folder,) if d and os.path.isdir(d))
    with tempfile.TemporaryDirectory(prefix="polyrl-build-") as workdir:
        with _GATE.hold(1):
            try:
                text = instrument(scop, region)
            except PolyrlError as e:
                return "instrument-error", (), None, str(e)
            b = build(text, tc, workdir, include, companion_sources(scop.source, include), job.compile_timeout_s,
                      _GATE.pause())
        if b.status != "ok":
            return b.status, (), None, b.message
        threads = tc.resolved_threads()
        # an untimed run (the -O1 reference, a rounding recheck) is only for its arrays: it
        # needs no quiet cores, so it holds one, like a compile, and never delays another
        # worker's timed run longer than a compile would
        with _GATE.quiet(threads) if repeat > 0 else _GATE.hold(1):
            r = run(b.exe, job.timeout_s, repeat, threads)
        if r.status != "ok":
            return r.status, (), None, r.detail or r.stderr.strip()[-400:]
        with _GATE.hold(1):
            return "ok", r.times, load_dump(r.dump), ""


def _batch(scop, regions: list[str], job: MeasureJob, workdir: str) -> BatchResult:
    """Build the original and `regions` into one binary (under one core) and run it (its
    timed rounds under the toolchain's cores, the rest under one)."""
    include = tuple(d for d in (job.source.folder,) if d and os.path.isdir(d))
    with _GATE.hold(1):
        try:
            text = instrument_batch(scop, [None, *regions])
        except PolyrlError as e:
            return BatchResult("instrument-error", detail=str(e))
        b = build(text, job.toolchain, workdir, include, companion_sources(scop.source, include),
                  job.compile_timeout_s, _GATE.pause())
    if b.status != "ok":
        return BatchResult(b.status, detail=b.message)
    threads = job.toolchain.resolved_threads()
    # the warm-ups that write the arrays need no quiet cores: the batch holds one core until
    # its timed rounds (another worker's timed runs may stop it meanwhile), and the cores it
    # times on for those only
    with _GATE.hold(1):
        return run_batch(b.exe, 1 + len(regions), job.timeout_s, job.repeat, threads, min_time=job.min_time_s,
                         prune=job.prune, quiet=lambda: _GATE.quiet(threads), pause=_GATE.pause())


def measure_program(job: MeasureJob) -> MeasureResult:
    """The baseline (timed when needed, else once for its data), then every schedule,
    each verified against the baseline's written data.

    With `job.batch` > 1 the schedules go `batch` at a time into one binary with the
    original, timed interleaved in one process (runtime.run_batch); the first batch's
    original is the baseline. A batch that fails as a whole (it does not build, crashes,
    runs over its time) is measured again one binary per schedule, which tells the variant
    that failed from those that did not."""
    from polyrl.runtime.store import machine_fingerprint, program_hash

    out = MeasureResult(machine=machine_fingerprint(), toolchain=job.toolchain.key())
    with _materialized(job.source) as path:
        try:
            with _GATE.hold(1):
                prog = _load(path)
        except PolyrlError as e:
            out.error = f"front end: {e}"
            return out
        if program_hash(prog.scop) != job.program:
            out.error = "the program changed since it was planned"
            return out
        scop = prog.scop

        regions: list[tuple[str, str]] = []  # (schedule, region text) of the schedules that generate code
        for text in job.schedules:
            try:
                with _GATE.hold(1):
                    regions.append((text, prog.apply(text).region_text))
            except PolyrlError as e:  # planned as legal: the model and the plan disagree
                out.rows.append(Row(text, False, "illegal", (), None, str(e)))
            except Exception as e:
                out.rows.append(Row(text, True, "codegen-error", (), None, f"{type(e).__name__}: {e}"))

        size = max(1, job.batch)
        chunks = [regions[i:i + size] for i in range(0, len(regions), size)] if size > 1 else []
        if size > 1 and not chunks:
            chunks = [[]]  # the baseline alone still runs as a batch of one
        single = [] if size > 1 else list(regions)
        with tempfile.TemporaryDirectory(prefix="polyrl-batch-") as workdir:
            first = _batch(scop, [r for _, r in chunks[0]], job, workdir) if chunks else None
            if first is not None and first.status != "ok":
                single, chunks, first = list(regions), [], None  # fall back: one binary each

            # per batch, the original's arrays, which its variants' dumps refer to (load_dump)
            originals: dict[int, dict | None] = {}

            def original_arrays(k: int, res: BatchResult) -> dict | None:
                if k not in originals:
                    originals[k] = load_dump(res.dumps[0]) if res.dumps[0] is not None else None
                return originals[k]

            def original(tc: Toolchain, repeat: int) -> Measurement:
                if first is not None and tc == job.toolchain:
                    times = first.times[0] if repeat > 0 else ()
                    if first.statuses[0] != "ok":
                        return Measurement(first.statuses[0], detail=f"ran over {job.timeout_s:g} s")
                    return Measurement("ok", times, None, "", dump=original_arrays(0, first))
                status, times, dump, detail = _variant(scop, None, job, repeat, tc)
                return Measurement(status, times, None, detail, dump=dump)

            known = Measurement.from_record(job.baseline) if job.baseline is not None else None
            with _GATE.hold(1):  # the check compares the arrays under one core (the runs take their own)
                base = measure_baseline(scop, job.toolchain, job.repeat, job.timeout_s, check=job.check_reference,
                                        known=known, runner=original)
            if known is None or base.record() != known.record():
                out.rows.append(Row("", True, base.status, base.times, base.verified, base.detail))
            if base.status != "ok":
                what = base.status if base.status == BASELINE_MISCOMPILED else f"baseline {base.status}"
                out.error = f"{what}: {base.detail}"
                return out
            ref = base.dump

            exact = without_contraction(job.toolchain)
            originals: dict[str, Measurement] = {}  # the original under a re-check's toolchain, built when first needed

            def built(region: str | None, toolchain: Toolchain) -> Measurement:
                status, _, dump, detail = _variant(scop, region, job, 0, toolchain)
                return Measurement(status, (), None, detail, dump=dump)

            def original_built(toolchain: Toolchain) -> Measurement:
                if toolchain.key() not in originals:
                    originals[toolchain.key()] = built(None, toolchain)
                return originals[toolchain.key()]

            def verify(text: str, region: str, status: str, times: tuple[float, ...], dump, detail: str) -> None:
                verified = None
                if status == "ok":
                    with _GATE.hold(1):
                        v = compare_dumps(ref, dump, job.toolchain.exact)
                    if not v.ok and not job.toolchain.exact:
                        v = rounding_recheck(v, lambda: original_built(exact), lambda: built(region, exact))
                    verified, detail = v.ok, "; ".join(d for d in (v.detail, detail) if d)  # and why timed less
                    status = "ok" if v.ok else "wrong-result"
                    if not v.ok and vectorizer_recheck(ref, job.toolchain, original_built,
                                                       lambda tc: built(region, tc)):
                        status, times, detail = COMPILER_MISCOMPILED, (), vectorizer_detail(v.detail)
                out.rows.append(Row(text, True, status, times, verified, detail))

            for k, chunk in enumerate(chunks):
                res = first if k == 0 else _batch(scop, [r for _, r in chunk], job, workdir)
                if res.status != "ok":
                    single += chunk
                    continue
                with _GATE.hold(1):
                    own = original_arrays(k, res)
                for v, (text, region) in enumerate(chunk, 1):
                    if res.statuses[v] != "ok":
                        out.rows.append(Row(text, True, res.statuses[v], (), None,
                                            f"its runs would take over {job.timeout_s:g} s"))
                        continue
                    with _GATE.hold(1):
                        dump = load_dump(res.dumps[v], same_as=own)
                    res.dumps[v].unlink()
                    cut = (f"timed {len(res.times[v])} of {job.repeat} runs: over {job.prune:g}x the batch's fastest"
                           if v in res.pruned else "")
                    verify(text, region, "ok", res.times[v], dump, cut)
            for text, region in single:
                status, times, dump, detail = _variant(scop, region, job, job.repeat)
                verify(text, region, status, times, dump, detail)
    return out
