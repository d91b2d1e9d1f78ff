"""Batches: several variants of a program's region in one binary, timed interleaved in one
process (instrument_batch writes the binary's text, harness.c runs it), and what a measuring
worker needs to run one: quiet cores for its timed rounds only, pruning of slow variants.

Owns run_batch and BatchResult; not building (execute.build) nor the dump format (verify).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

from polyrl.runtime.execute import MAX_TIMED_RUNS, Pause, kill_group, stoppable_deadline

# `polyrl measure`'s --prune: in a batch, a schedule whose fastest run is over this many times the
# batch's fastest at the end of a round of timed runs gets no more runs (run_batch). On the
# issue's 100 programs (seed 101, scale 8, 4 random schedules; reports/session39) it cut a run from
# 270 s to 238 s, and a pruned run ranked each program's variants like an unpruned one as closely as
# two unpruned runs did (within-program Spearman 0.645 and 0.689 against 0.663; 97.0% of the pairs
# 1.25x apart ordered alike against 98.1%): one run is enough to place a schedule that slow.
DEFAULT_PRUNE = 1.5
# A schedule is pruned only once its timed runs add up to this many seconds. One run of a region of a fraction of a
# millisecond says little: in session 44, on MEDIUM-sized programs (generate --scale 0.05), a
# schedule pruned after one run of 0.65 ms kept that as its time where 1,000 runs of it took
# 0.19 ms at best; 10 of the 88 schedules of that set were pruned after one run, and the shipped
# pipeline measured 1.19x over its 60 programs where the same schedules, timed again with this
# rule, measured 1.34x. Pruning a region that short saves a few milliseconds; a run of 10 ms or
# more is pruned after one run, as before.
PRUNE_AFTER_S = 0.01
# A measuring worker stops a batch whose warm-up of one variant has run this many times its time limit, plus
# WARM_UP_SLACK_S (seconds the worker's gate stopped it not counted): a lone run of that variant would have been
# stopped at its limit, so the batch waits no longer for it (run_batch). Twice the limit, not once: a warm-up on a
# loaded machine (a test beside other work, the other worker's compiles) is slower than the same run alone, and
# the harness's own check after the warm-up already leaves out the variants that are merely too slow.
WARM_UP_LIMIT = 2.0
WARM_UP_SLACK_S = 1.0


@dataclass(frozen=True)
class BatchResult:
    """One process of a batch binary (instrument_batch): the process's status, and per
    variant its status ("ok" or "timeout"), its timed runs and the file of its arrays."""

    status: str
    statuses: tuple[str, ...] = ()
    times: tuple[tuple[float, ...], ...] = ()
    dumps: tuple[Path | None, ...] = ()
    detail: str = ""
    pruned: frozenset[int] = frozenset()  # variants cut short by `prune` (fewer timed runs than asked)


# In a batch every variant runs in the same process, from the same arrays at the same
# addresses, in rotated rounds, so what moves one process's times against another's (where
# the arrays land, what else ran then) moves all of its variants alike: one process with
# BATCH_MIN_TIMED_S of runs per variant ranks them as the three processes of MIN_TIMED_S
# each that a lone variant needs (measured: reports/session18).
BATCH_MIN_TIMED_S = 0.04


def _told(proc: subprocess.Popen, fd: int, deadline: Callable[[], float], err_parts: list[bytes]) -> bytes:
    """The next byte the harness writes to `fd` (b"" when the process closed it: it ended),
    reading its stderr meanwhile into `err_parts` so that it never blocks on a full pipe;
    subprocess.TimeoutExpired past `deadline()` (time.monotonic(), asked again as it waits)."""
    assert proc.stderr is not None
    watch = [fd, proc.stderr.fileno()]
    while True:
        left = deadline() - time.monotonic()
        if left <= 0:
            raise subprocess.TimeoutExpired(proc.args, 0)
        ready, _, _ = select.select(watch, [], [], left)
        if proc.stderr.fileno() in ready:
            chunk = os.read(proc.stderr.fileno(), 65536)
            if chunk:
                err_parts.append(chunk)
            else:
                watch.remove(proc.stderr.fileno())
        if fd in ready:
            return os.read(fd, 1)


def _warm_ups(proc: subprocess.Popen, fd: int, deadline: Callable[[], float], err_parts: list[bytes],
              limit_s: float, pause: Pause | None) -> tuple[bytes | None, int]:
    """Follow the harness's warm-ups (a "w" as each starts) until it is ready to time ("r") or has
    ended (b""): that byte and the warm-ups seen; (None, the variant) as soon as one warm-up has
    run `limit_s` (seconds it was stopped by `pause`'s gate not counted), more than a lone run of
    that variant may take in all, so it is a timeout whatever follows. subprocess.TimeoutExpired
    past `deadline()`, the whole batch's."""
    warm, seen = deadline, -1
    while True:
        try:
            said = _told(proc, fd, lambda w=warm: min(deadline(), w()), err_parts)
        except subprocess.TimeoutExpired:
            if seen >= 0 and warm() <= deadline():
                return None, seen
            raise
        if said != b"w":
            return said, seen
        seen += 1
        warm = stoppable_deadline(limit_s, pause)


def run_batch(exe: str | Path, variants: int, timeout_s: float, repeat: int, threads: int | None = None,
              min_time: float = BATCH_MIN_TIMED_S, prune: float = 0.0,
              quiet: Callable[[], AbstractContextManager] | None = None,
              pause: Pause | None = None) -> BatchResult:
    """Run a batch binary once: every variant's warm-up and arrays, then their timed runs.

    `timeout_s` bounds one variant's warm-up and `repeat` timed runs, estimated from its
    warm-up (a slower one is reported as "timeout" and not timed, as a lone binary would
    have been stopped); a process that runs over that for every variant together is
    stopped and the batch fails. With `quiet`, so does one whose warm-up alone runs well over
    `timeout_s` (WARM_UP_LIMIT; status "timeout", the variant in its detail): its worker measures the
    variants alone, each under its own limit, instead of waiting out the whole batch's.

    `prune` > 0: at the end of each round of timed runs, a variant other than the original
    whose fastest run is over `prune` times the batch's fastest run, and whose runs add up to
    PRUNE_AFTER_S, gets no more runs (it keeps its one or more; `BatchResult.pruned`). Its
    minimum then rests on fewer runs, which matters little where it is that much slower than
    the best, and a batch of slow schedules takes a fraction of the time (DEFAULT_PRUNE).

    `quiet`: the timed rounds alone run inside `quiet()` (a measuring worker's hold of the
    cores they need); the start, the warm-ups that write the arrays and the original's last
    run do not need quiet cores, and run before and after it (the harness waits at the first
    timed round until it is told to go, through a pipe). Without it everything runs at once.
    With `quiet`, `pause` may stop the process until it is ready to time (another worker's
    timed runs; the harness then checks a variant's timeout on its first timed run instead
    of its warm-up), and the budget leaves out the seconds it was stopped."""
    exe = Path(exe)
    wd = exe.parent
    dump, times_file = wd / "dump.bin", wd / "times.txt"
    for f in [times_file, *(wd / f"dump.bin.{v}" for v in range(variants))]:
        f.unlink(missing_ok=True)
    env = dict(os.environ)
    env.update(
        POLYRL_DUMP=str(dump),
        POLYRL_TIMES=str(times_file),
        POLYRL_REPEAT=str(repeat),
        POLYRL_MIN_TIME=repr(float(min_time)),
        POLYRL_MAX_RUNS=str(MAX_TIMED_RUNS),
        POLYRL_VARIANT_TIMEOUT=repr(float(timeout_s)),
        POLYRL_PRUNE=repr(float(prune)),
        POLYRL_PRUNE_AFTER=repr(PRUNE_AFTER_S),
        OMP_NUM_THREADS=str(threads if threads is not None else (os.cpu_count() or 1)),
    )
    budget = timeout_s * variants * (repeat + 2) + 2 * variants * min_time + 10.0
    ours: tuple[int, ...] = ()  # the worker's ends of the pipes, closed at the end
    theirs: tuple[int, ...] = ()  # the harness's, closed here once it has them
    if quiet is not None:
        # the harness tells: "w" as each warm-up starts, "r" at its first timed round, "d" after its last
        told, tell = os.pipe()
        wait, go = os.pipe()  # ... and waits on this for the go
        env.update(POLYRL_SIGNAL_FD=str(tell), POLYRL_WAIT_FD=str(wait))
        ours, theirs = (told, go), (tell, wait)
    try:
        proc = subprocess.Popen([str(exe)], cwd=wd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, start_new_session=True, pass_fds=theirs)
    except BaseException:
        for fd in ours:
            os.close(fd)
        raise
    finally:
        for fd in theirs:
            os.close(fd)
    pause = pause if quiet is not None else None
    registered = False  # with the pause: it may be stopped
    try:
        if quiet is None:
            _, err = proc.communicate(timeout=budget)
        else:
            if pause is not None:
                pause.started(proc.pid)
                registered = True
            deadline = stoppable_deadline(budget, pause)
            err_parts: list[bytes] = []
            limit = WARM_UP_LIMIT * timeout_s + WARM_UP_SLACK_S
            said, warm = _warm_ups(proc, told, deadline, err_parts, limit, pause)
            if said is None:  # a warm-up ran over a lone variant's whole limit: the worker measures them alone
                kill_group(proc)
                proc.communicate()
                return BatchResult("timeout", detail=f"variant {warm}'s warm-up ran over {limit:g} s")
            ready = said == b"r"
            if registered:
                registered = False
                pause.ended()  # from here on it is never stopped
            if ready:
                with quiet():
                    os.write(go, b"g")
                    _told(proc, told, deadline, err_parts)  # "d", or the end of the process
            _, rest = proc.communicate(timeout=max(0.0, deadline() - time.monotonic()))
            err = b"".join(err_parts) + rest
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.communicate()
        return BatchResult("timeout", detail=f"the batch ran over {budget:g} s")
    except BaseException:
        kill_group(proc)
        proc.wait()
        raise
    finally:
        if registered:
            pause.ended()
        for fd in ours:
            os.close(fd)
    rc = proc.returncode
    if rc != 0:
        serr = err.decode(errors="replace").strip()
        if rc < 0:
            try:
                name = signal.Signals(-rc).name
            except ValueError:
                name = str(-rc)
            return BatchResult("crash", detail=f"signal {name}")
        return BatchResult(f"exit-code {rc}", detail=serr.splitlines()[-1] if serr else "")
    if not times_file.exists():
        return BatchResult("region-not-reached", detail="the program never entered the region")
    per: list[list[float]] = [[] for _ in range(variants)]
    timed_out, pruned = set(), set()
    for line in times_file.read_text().splitlines():
        v, value = line.split()
        if value == "timeout":
            timed_out.add(int(v))
        elif value == "pruned":
            pruned.add(int(v))
        else:
            per[int(v)].append(float(value))
    dumps = tuple((wd / f"dump.bin.{v}") if (wd / f"dump.bin.{v}").exists() else None for v in range(variants))
    statuses = tuple("timeout" if v in timed_out else "ok" if per[v] or repeat == 0 else "no-times"
                     for v in range(variants))
    return BatchResult("ok", statuses, tuple(tuple(t) for t in per), dumps, pruned=frozenset(pruned))
