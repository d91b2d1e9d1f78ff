"""The driver of `polyrl measure`: what is missing, who measures it, where results go.

Owns the run: discovering the corpus, the plan cache (a program's chosen schedules, kept
beside the store so a re-run need not parse anything), the store look-ups before any
work is scheduled, the two backends (local spawn processes, Ray tasks), the progress
bar and the summary.

The driver owns the memo store in both backends: tasks return rows and the driver writes
each task's rows as soon as it completes, one short transaction per row. Rows are keyed
by the machine and toolchain of the worker that measured them; the look-ups before a run
use the driver's, so on a cluster whose machines differ from the driver's, a re-run
measures again what it cannot match (never the other way round). A task is one
program (its baseline and its missing schedules), so an interrupted run keeps every
finished program and loses at most the programs in flight; a worker that dies is
replaced and its task retried (MAX_RETRIES), which Ray does for its tasks with
`max_retries`.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import multiprocessing as mp
import os
import time
from collections import Counter, deque
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from polyrl.errors import PolyrlError
from polyrl.interrupt import stop_pool
from polyrl.measure.schedules import parse_spec, read_schedule_file
from polyrl.measure.worker import (
    CoreGate,
    MeasureJob,
    MeasureResult,
    Plan,
    PlanJob,
    ProgramSource,
    init_local_worker,
    measure_program,
    plan_program,
)
from polyrl.runtime.batch import BATCH_MIN_TIMED_S, DEFAULT_PRUNE
from polyrl.runtime.execute import BASELINE_MISCOMPILED, Toolchain
from polyrl.runtime.store import MemoStore, Record, StoreKey, is_current, machine_fingerprint

MAX_RETRIES = 2
KILL_AFTER_S = 5.0  # after Ctrl-C, how long the workers get to stop before they are killed (LocalBackend.close)
PLAN_VERSION = 1  # bump when the random schedule draw changes
MACROS_VERSION = 16  # bump when polyrl.poly.macros writes other schedules (16: a non-affine profile expands
# the scalars it can where its plan then runs a tenth more of the work in parallel, the expanded branches tiled by their
# two outer loops first, session 55; 15: no jam of a loop whose innermost
# loop carries a dependence through one element of the array it writes, session 53; 14, the same without asking for a
# carried dependence, failed session 53's first rule and was never shipped; 13: a packed band keeps innermost the
# loop its transposed buffers walk by rows; session 48's, reverted there and restored in session 49)
PLANS_AHEAD = 2  # programs being planned at a time per worker, beside the measuring


# ---------------------------------------------------------------- the corpus


def discover(corpus: str | Path) -> list[ProgramSource]:
    """The .c files of a folder (sorted; seeds from manifest.jsonl where listed) or one file."""
    from polyrl.generate.corpus import read_manifest

    corpus = Path(corpus)
    if corpus.is_file():
        files, seeds = [corpus], {}
    elif corpus.is_dir():
        files = sorted(p for p in corpus.iterdir() if p.suffix == ".c" and p.is_file())
        seeds = {e["file"]: int(e["seed"]) for e in read_manifest(corpus) if "file" in e and "seed" in e}
    else:
        raise PolyrlError("no such file or folder", str(corpus))
    out = []
    for f in files:
        text = f.read_text()
        seed = seeds.get(f.name)
        if seed is None:  # not generated here: a seed from the text itself
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
        out.append(ProgramSource(f.name, text, str(f.resolve().parent), seed))
    if not out:
        raise PolyrlError("no .c files found", str(corpus))
    return out


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class PlanCache:
    """JSON lines beside the store: (file sha256, spec) -> program hash and schedules."""

    def __init__(self, store_path: Path):
        self.path = Path(str(store_path) + ".plans.jsonl")
        self.entries: dict[tuple[str, str], dict] = {}
        if self.path.is_file():
            for line in self.path.read_text().splitlines():
                try:
                    e = json.loads(line)
                    self.entries[(e["sha256"], e["spec"])] = e
                except (json.JSONDecodeError, KeyError):
                    continue  # a line cut short by an interrupted run

    def get(self, sha: str, spec: str) -> dict | None:
        return self.entries.get((sha, spec))

    def add(self, entry: dict) -> None:
        self.entries[(entry["sha256"], entry["spec"])] = entry
        with open(self.path, "a") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")

    def paths(self) -> dict[str, str]:
        """Program hash -> the path it was measured from (latest wins)."""
        return {e["program"]: e["path"] for e in self.entries.values() if e.get("program")}


# ---------------------------------------------------------------- backends


class LocalBackend:
    """Spawned worker processes sharing one CoreGate."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self._ctx = mp.get_context("spawn")
        self._pool = self._new_pool()
        self._jobs: dict[cf.Future, tuple[Any, Any, int]] = {}  # future -> (fn, job, attempt)
        self.restarts = 0  # pools rebuilt after a worker died

    def _new_pool(self) -> cf.ProcessPoolExecutor:
        # A fresh gate per pool: a worker killed while holding cores never gives them back,
        # and a broken pool has terminated all of its workers, so nobody holds the new one.
        gate = CoreGate(os.cpu_count() or 1, self._ctx, self.workers)
        return cf.ProcessPoolExecutor(self.workers, mp_context=self._ctx, initializer=init_local_worker,
                                      initargs=(gate,))

    def submit(self, fn, job, attempt: int = 0) -> cf.Future:
        fut = self._pool.submit(fn, job)
        self._jobs[fut] = (fn, job, attempt)
        return fut

    def wait(self, timeout: float) -> list[tuple[Any, Any, BaseException | None]]:
        """(job, result, error) of finished tasks; a broken pool is rebuilt and its tasks retried."""
        if not self._jobs:
            return []
        done, _ = cf.wait(list(self._jobs), timeout=timeout, return_when=cf.FIRST_COMPLETED)
        out, retry = [], []
        for fut in done:
            fn, job, attempt = self._jobs.pop(fut)
            err = fut.exception()
            if isinstance(err, BrokenProcessPool) and attempt < MAX_RETRIES:
                retry.append((fn, job, attempt + 1))
            else:
                out.append((job, None if err else fut.result(), err))
        if retry:
            # a dead worker breaks the whole pool: every task in it failed with it
            for fut in list(self._jobs):
                fn, job, attempt = self._jobs.pop(fut)
                retry.append((fn, job, attempt + 1))
            _stop_pool(self._pool)
            self._pool = self._new_pool()
            self.restarts += 1
            for fn, job, attempt in retry:
                self.submit(fn, job, attempt)
        return out

    def pending(self) -> int:
        return len(self._jobs)

    def close(self, kill: bool = False) -> None:
        if kill:
            _stop_pool(self._pool, list(self._jobs))
        else:
            self._pool.shutdown(wait=True, cancel_futures=True)


def _stop_pool(pool: cf.ProcessPoolExecutor, futures=()) -> None:
    """Shut `pool` down without waiting for its tasks, and stop its workers (polyrl.interrupt.stop_pool).

    SIGTERM stops a worker's task (worker.init_local_worker: its compiler or program is
    killed with it), but the pool's worker loop takes that SystemExit for the task's result
    and can wait for another task, and the pool's exit for the worker, for ever (seen after
    Ctrl-C in session 40): a worker still there after a few seconds is killed. A pool broken
    by a dead worker is stopped so too before its tasks are retried in a new one: its
    manager thread SIGTERMs the survivors and joins them, and one caught in a task never
    exited, so the interpreter's exit waited on that thread for ever (session 55: about two
    runs in five of test_a_killed_worker_is_replaced_and_its_program_retried hung so)."""
    stop_pool(pool, futures, kill_after_s=KILL_AFTER_S)


class RayBackend:
    """Ray tasks: plans on one CPU, measurements on as many CPUs as their threads, so that
    Ray never runs more timed programs on a node than it has cores."""

    def __init__(self, address: str, workers: int, threads: int):
        try:
            import ray
        except ImportError:
            raise PolyrlError("--ray needs the ray package: pip install 'ray[default]'") from None
        self.ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            if address == "local":
                ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self._plan = ray.remote(num_cpus=1, max_retries=MAX_RETRIES + 1)(plan_program)
        self._measure = ray.remote(num_cpus=max(1, min(threads, cpus)), max_retries=MAX_RETRIES + 1)(measure_program)
        self._jobs: dict[Any, Any] = {}

    def submit(self, fn, job) -> Any:
        remote = self._plan if fn is plan_program else self._measure
        ref = remote.remote(job)
        self._jobs[ref] = job
        return ref

    def wait(self, timeout: float) -> list[tuple[Any, Any, BaseException | None]]:
        if not self._jobs:
            return []
        ready, _ = self.ray.wait(list(self._jobs), num_returns=len(self._jobs), timeout=timeout, fetch_local=True)
        out = []
        for ref in ready:
            job = self._jobs.pop(ref)
            try:
                out.append((job, self.ray.get(ref), None))
            except Exception as e:  # retries exhausted, or the task raised
                out.append((job, None, e))
        return out

    def pending(self) -> int:
        return len(self._jobs)

    def close(self, kill: bool = False) -> None:
        if kill:
            for ref in list(self._jobs):
                try:
                    self.ray.cancel(ref, force=True)
                except Exception:
                    pass
        if self._started:
            self.ray.shutdown()


# ---------------------------------------------------------------- the run


@dataclass
class MeasureOptions:
    corpus: Path
    schedules: str = "random:8"
    workers: int = 2
    ray: str | None = None
    store: Path = Path("polyrl-measure.sqlite")
    toolchain: Toolchain = field(default_factory=Toolchain)
    repeat: int = 5
    timeout_s: float = 60.0
    progress: bool = True
    reference_check: bool = True  # compare each baseline with its -O1 build (runtime.measure_baseline)
    batch: int = 8  # schedules per binary, timed interleaved with the original (worker.measure_program)
    compile_timeout_s: float | None = None  # seconds a build may take (None: runtime.execute.COMPILE_TIMEOUT_S)
    prune: float = DEFAULT_PRUNE  # stop timing a batch's schedules this many times slower than its fastest (0: never)
    min_time_s: float = BATCH_MIN_TIMED_S  # a batch times each schedule until its runs add up to this (run_batch)


@dataclass
class MeasureSummary:
    programs: int = 0
    evaluations: int = 0  # baselines + legal schedules of every planned program
    hits: int = 0  # answered by the store before any work
    measured: int = 0  # rows written by this run
    illegal: int = 0  # given schedules refused by the legality check
    stale: int = 0  # schedules whose record another code generation timed (runtime.store.is_current): measured again
    skipped: int = 0  # not measurable in this run (their program's baseline failed)
    restarts: int = 0  # local worker pools rebuilt after a worker died (Ray retries on its own)
    statuses: Counter = field(default_factory=Counter)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (program, why)
    wall_s: float = 0.0
    interrupted: bool = False

    @property
    def hit_rate(self) -> float:
        return self.hits / (self.hits + self.measured) if self.hits + self.measured else 1.0

    def text(self) -> str:
        rate = 60 * self.measured / self.wall_s if self.wall_s > 0 else 0.0
        lines = [
            f"programs {self.programs}, evaluations {self.evaluations} "
            f"(store hits {self.hits}, measured now {self.measured}, hit rate {100 * self.hit_rate:.1f}%"
            + (f", skipped {self.skipped}" if self.skipped else "") + ")",
            f"wall time {self.wall_s:.1f} s, {rate:.1f} evaluations/minute",
        ]
        if self.statuses:
            lines.append("statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items())))
        if self.restarts:
            lines.append(f"worker pool restarted {self.restarts} time(s) after a worker died; its tasks were retried")
        if self.illegal:
            lines.append(f"illegal given schedules recorded: {self.illegal}")
        if self.stale:
            lines.append(f"measured again: {self.stale} schedule(s) whose records timed the C of another code "
                         "generation (the store's older polyrl)")
        for name, why in self.failed[:10]:
            lines.append(f"failed: {name}: {why.splitlines()[0] if why else '?'}")
        if len(self.failed) > 10:
            lines.append(f"... and {len(self.failed) - 10} more failed programs")
        if self.interrupted:
            lines.append("interrupted: every finished program is in the store; re-run to measure the rest")
        return "\n".join(lines)


class _Progress:
    """A rich progress bar on stderr (evaluations, evaluations/s, store hit rate), or nothing."""

    def __init__(self, enabled: bool, total: int):
        self._bar = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._bar = Progress(
            TextColumn("[bold]measure"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} eval/s"), TextColumn("hit rate {task.fields[hits]}"),
            TextColumn("{task.fields[note]}"), TimeElapsedColumn(),
            console=Console(stderr=True), transient=False,
        )
        self._bar.start()
        self._task = self._bar.add_task("measure", total=total, rate="-", hits="-", note="")

    def update(self, s: MeasureSummary, total: int, started: float, note: str = "") -> None:
        if self._bar is None:
            return
        elapsed = max(time.monotonic() - started, 1e-9)
        self._bar.update(self._task, total=total, completed=s.hits + s.measured + s.skipped,
                         rate=f"{s.measured / elapsed:.2f}", hits=f"{100 * s.hit_rate:.0f}%", note=note)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _spec_key(random_count: int | None, given: tuple[str, ...], macros: bool = False) -> str:
    if random_count is not None or macros:
        parts = [f"random:{random_count}:v{PLAN_VERSION}"] if random_count is not None else []
        parts += [f"macros:v{MACROS_VERSION}"] if macros else []
        return "+".join(parts)
    return "file:" + _sha("\n".join(given))[:16]


def run_measurement(opts: MeasureOptions) -> MeasureSummary:
    """Measure everything the store lacks for the corpus; see the module doc."""
    started = time.monotonic()
    spec_parts = parse_spec(opts.schedules)
    random_count, schedule_file, macros = spec_parts.random_count, spec_parts.path, spec_parts.macros
    given_all = read_schedule_file(schedule_file) if schedule_file else {}
    sources = discover(opts.corpus)
    tc = opts.toolchain
    tkey, machine = tc.key(), machine_fingerprint()  # key() also fails early on a missing compiler
    store = MemoStore(opts.store)
    plans = PlanCache(opts.store)
    summary = MeasureSummary(programs=len(sources))
    if macros:
        from polyrl.poly.macros import PROFILES
    per_program = (random_count or 0) + (len(PROFILES) if macros else 0) + 1
    expected = {s.name: per_program + len(given_all.get("*", []) + given_all.get(s.name.removesuffix(".c"), []))
                for s in sources}
    progress = _Progress(opts.progress, sum(expected.values()))
    backend: LocalBackend | RayBackend
    if opts.ray:
        backend = RayBackend(opts.ray, opts.workers, tc.resolved_threads())
    else:
        backend = LocalBackend(opts.workers)

    def key(program: str, schedule: str) -> StoreKey:
        return StoreKey(program, schedule, machine, tkey)

    def schedule_measurement(src: ProgramSource, entry: dict) -> None:
        """Store look-ups first: only what is missing becomes a task."""
        program = entry["program"]
        legal = [t for t, ok, _ in entry["schedules"] if ok]
        for t, ok, why in entry["schedules"]:
            if not ok and store.get(key(program, t), any_codegen=True) is None:
                store.put(key(program, t), Record(False, "illegal", (), None, why))
                summary.illegal += 1
        expected[src.name] = 1 + len(legal)
        summary.evaluations += 1 + len(legal)
        base = store.get(key(program, ""))
        if base is not None and base.status == BASELINE_MISCOMPILED and not opts.reference_check:
            base = None  # the user trusts the baseline: measure it again as it is
        if base is not None and base.status != "ok":
            summary.hits += 1 + len(legal)  # a baseline that failed is final: nothing to compare with
            return
        keys = {t: key(program, t) for t in legal}
        have = {t: store.get(k, any_codegen=True) for t, k in keys.items()}  # one look-up per schedule
        missing = tuple(t for t in legal if have[t] is None or not is_current(keys[t], have[t]))
        summary.stale += sum(1 for t in missing if have[t] is not None)
        # a stored baseline never checked against its -O1 build (older polyrl) is checked now
        unchecked = base is not None and opts.reference_check and not base.verified
        summary.hits += (base is not None and not unchecked) + len(legal) - len(missing)
        if base is None or missing or unchecked:
            backend.submit(measure_program, MeasureJob(src, program, missing, base is None, tc, opts.repeat,
                                                       opts.timeout_s, base, opts.reference_check, opts.batch,
                                                       opts.compile_timeout_s, opts.prune, opts.min_time_s))

    # programs without a stored plan are planned a few at a time (PLANS_AHEAD per worker),
    # so that measuring starts at once instead of after every plan of the corpus
    unplanned: deque[PlanJob] = deque()
    planning = 0

    def plan_more() -> None:
        nonlocal planning
        while unplanned and planning < PLANS_AHEAD * max(opts.workers, 1):
            backend.submit(plan_program, unplanned.popleft())
            planning += 1

    try:
        for src in sources:
            given = tuple(dict.fromkeys(given_all.get("*", []) + given_all.get(src.name.removesuffix(".c"), [])))
            spec = _spec_key(random_count, given, macros)
            entry = plans.get(_sha(src.text), spec)
            if entry is not None:
                schedule_measurement(src, entry)
            else:
                unplanned.append(PlanJob(src, random_count, given, macros))
        plan_more()
        progress.update(summary, sum(expected.values()), started)
        while backend.pending():
            for job, result, err in backend.wait(timeout=0.5):
                src = job.source
                if isinstance(job, PlanJob):
                    planning -= 1
                    plan_more()
                    plan: Plan | None = result
                    if err is not None or plan is None or plan.error:
                        summary.failed.append((src.name, plan.error if plan else f"{type(err).__name__}: {err}"))
                        expected[src.name] = 0
                        continue
                    spec = _spec_key(job.random_count, job.given, job.macros)
                    entry = {"sha256": _sha(src.text), "spec": spec, "program": plan.program,
                             "path": str(Path(src.folder) / src.name), "seed": src.seed,
                             "schedules": [list(x) for x in plan.schedules]}
                    plans.add(entry)
                    schedule_measurement(src, entry)
                else:
                    res: MeasureResult | None = result
                    if err is not None or res is None:
                        summary.failed.append((src.name, f"{type(err).__name__}: {err}"))
                        continue
                    # a program's rows in one transaction: an interrupt keeps whole programs
                    store.put_many([(StoreKey(job.program, row.schedule, res.machine or machine, res.toolchain or tkey),
                                     Record(row.legal, row.status, tuple(row.times), row.verified, row.detail))
                                    for row in res.rows])
                    for row in res.rows:
                        summary.measured += 1
                        summary.statuses[row.status] += 1
                    if res.error:
                        summary.failed.append((src.name, res.error))
                        summary.skipped += max(0, len(job.schedules) - sum(row.schedule != "" for row in res.rows))
                progress.update(summary, sum(expected.values()), started)
        backend.close()
    except KeyboardInterrupt:
        summary.interrupted = True
        backend.close(kill=True)
    finally:
        summary.restarts = getattr(backend, "restarts", 0)
        progress.stop()
        store.close()
    summary.wall_s = time.monotonic() - started
    return summary
