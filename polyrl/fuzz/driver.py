"""The run of `polyrl fuzz`: which programs, on which workers, for how long.

Owns the loop over program indices (in-process for one worker, spawned processes
otherwise, with a bounded number of programs in flight), the time budget (no program is
started once it is spent; those in flight finish), the progress display, Ctrl-C and
SIGTERM (the report covers every finished program) and writing the report. A worker
that dies breaks the pool: a new one retries the programs that were in flight, once; a
program lost twice is recorded as a program error.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from polyrl.fuzz.evaluate import FuzzSettings, ProgramJob, ProgramResult, fuzz_program
from polyrl.fuzz.report import FuzzReport
from polyrl.generate.patterns import Weights
from polyrl.interrupt import stop_on_signals, stop_pool

PLAIN_PROGRESS_EVERY_S = 30.0


@dataclass(frozen=True)
class FuzzOptions:
    programs: int
    schedules: int
    seed: int
    out: Path
    workers: int = 1
    time_budget_s: float | None = None
    start: int = 0
    settings: FuzzSettings = FuzzSettings()
    progress: bool = True  # a bar on a terminal; a line every PLAIN_PROGRESS_EVERY_S otherwise
    weights: Weights = field(default_factory=Weights)  # the generator's (`--weights`)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    """A driver killed outright cannot stop its pool: the workers notice and stop themselves."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


class _Progress:
    """A rich bar on a terminal, a plain line every PLAIN_PROGRESS_EVERY_S otherwise, or nothing."""

    def __init__(self, enabled: bool, total: int):
        self.total = total
        self._bar = None
        self._plain = False
        self._last = time.monotonic()
        if not enabled:
            return
        if not sys.stderr.isatty():
            self._plain = True
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._bar = Progress(TextColumn("[bold]fuzz"), BarColumn(), MofNCompleteColumn(),
                             TextColumn("{task.fields[rate]} eval/s"), TextColumn("{task.fields[note]}"),
                             TimeElapsedColumn(), console=Console(stderr=True))
        self._bar.start()
        self._task = self._bar.add_task("fuzz", total=total, rate="-", note="")

    def update(self, report: FuzzReport, elapsed: float) -> None:
        s = report.summary()
        done = s["schedules"]
        rate = f"{done / elapsed:.2f}" if elapsed > 0 else "-"
        note = (f"{s['programs']} programs, {s['accepted']} accepted, {s['refused']} refused, "
                f"{s['failures']} failures")
        if self._bar is not None:
            self._bar.update(self._task, completed=done, rate=rate, note=note)
        elif self._plain and time.monotonic() - self._last >= PLAIN_PROGRESS_EVERY_S:
            self._last = time.monotonic()
            print(f"fuzz: {done}/{self.total} schedules, {rate} eval/s, {note}, {elapsed:.0f} s",
                  file=sys.stderr, flush=True)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _options_dict(opts: FuzzOptions) -> dict:
    st = opts.settings
    return {
        "programs": opts.programs, "schedules": opts.schedules, "seed": opts.seed, "start": opts.start,
        "weights": asdict(opts.weights),
        "workers": opts.workers, "time_budget_s": opts.time_budget_s, "out": str(opts.out),
        "cc": st.cc, "flags": " ".join(st.toolchain().flags), "threads": st.threads, "simd": st.simd,
        "reference_flags": " ".join(st.reference_toolchain().flags),
        "timeout_s": st.timeout_s, "target_ms": st.target_ms, "settings": asdict(st),
    }


def _lost(job: ProgramJob, err: BaseException) -> ProgramResult:
    from polyrl.generate.corpus import program_name, program_seed

    r = ProgramResult(program_name(job.index), job.index, program_seed(job.corpus_seed, job.index))
    r.error = f"worker process died ({type(err).__name__}: {err})"
    return r


def run_fuzz(opts: FuzzOptions) -> FuzzReport:
    """Fuzz programs start..start+programs-1 and write the report (also on Ctrl-C)."""
    started = time.monotonic()
    report = FuzzReport(_options_dict(opts))
    progress = _Progress(opts.progress, opts.programs * opts.schedules)
    jobs = (ProgramJob(i, opts.seed, opts.schedules, opts.settings, opts.weights)
            for i in range(opts.start, opts.start + opts.programs))

    def budget_left() -> bool:
        if opts.time_budget_s is None or time.monotonic() - started < opts.time_budget_s:
            return True
        report.stopped_by_budget = True
        return False

    def finished(result: ProgramResult) -> None:
        report.add(result)
        progress.update(report, time.monotonic() - started)

    try:
        with stop_on_signals():  # `kill PID` ends a run like Ctrl-C: the report is written
            if opts.workers <= 1:
                for job in jobs:
                    if not budget_left():
                        break
                    finished(fuzz_program(job))
            else:
                _run_pool(opts, jobs, budget_left, finished, report)
    except KeyboardInterrupt:
        report.interrupted = True
    finally:
        progress.stop()
        report.programs.sort(key=lambda p: p.index)
        report.wall_s = time.monotonic() - started
        report.write(opts.out)
    return report


def _run_pool(opts: FuzzOptions, jobs: Iterator[ProgramJob], budget_left: Callable[[], bool],
              finished: Callable[[ProgramResult], None], report: FuzzReport) -> None:
    ctx = mp.get_context("spawn")  # no fork of a parent holding isl and libclang state

    def new_pool() -> cf.ProcessPoolExecutor:
        return cf.ProcessPoolExecutor(opts.workers, mp_context=ctx, initializer=_init_worker,
                                      initargs=(os.getpid(),))

    pool = new_pool()
    in_flight: dict[cf.Future, tuple[ProgramJob, int]] = {}  # future -> (job, attempt)
    retry: list[tuple[ProgramJob, int]] = []
    exhausted = False
    try:
        while True:
            for job, attempt in retry:
                in_flight[pool.submit(fuzz_program, job)] = (job, attempt)
            retry = []
            # two programs per worker in flight keep the workers busy between results
            while not exhausted and len(in_flight) < 2 * opts.workers and budget_left():
                job = next(jobs, None)
                if job is None:
                    exhausted = True
                    break
                in_flight[pool.submit(fuzz_program, job)] = (job, 0)
            if not in_flight:
                break
            done, _ = cf.wait(list(in_flight), timeout=1.0, return_when=cf.FIRST_COMPLETED)
            broken = False
            for fut in done:
                job, attempt = in_flight.pop(fut)
                err = fut.exception()
                if err is None:
                    finished(fut.result())
                elif isinstance(err, cf.process.BrokenProcessPool) and attempt == 0:
                    retry.append((job, 1))
                    broken = True
                else:
                    finished(_lost(job, err))
                    broken = broken or isinstance(err, cf.process.BrokenProcessPool)
            if broken:
                # a dead worker breaks the whole pool: every program in flight failed with it
                report.pool_restarts.append(sorted(j.index for j, _ in [*retry, *in_flight.values()]))
                retry += [(job, attempt + 1) for job, attempt in in_flight.values() if attempt == 0]
                for job, attempt in in_flight.values():
                    if attempt > 0:
                        finished(_lost(job, cf.process.BrokenProcessPool("a worker died twice with it in flight")))
                in_flight.clear()
                pool.shutdown(wait=False, cancel_futures=True)
                pool = new_pool()
    except KeyboardInterrupt:
        # the workers stopped now and the pool's manager thread seen to end (polyrl.interrupt.stop_pool): left
        # running, that thread closes its wake-up pipe while the interpreter's exit hook writes to it
        # ("Exception ignored ... Bad file descriptor" after a Ctrl-C, now and then)
        stop_pool(pool, list(in_flight), kill_after_s=10.0)
        raise
    pool.shutdown(wait=True)
