"""The core gate: keeps a measuring worker's timed runs off cores that other work uses, and
stops other workers' compiles and batch warm-ups while they run instead of waiting for them.

Owns CoreGate and the pause a worker registers those processes with (runtime.execute.Pause);
not the work itself (polyrl.measure.worker).
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator


class CoreGate:
    """A counting gate over the machine's cores, shared by the local worker processes.

    Every piece of a worker's CPU work holds one core (modelling, code generation, a
    compile, reading and comparing the written data), a timed run holds as many as its
    threads (capped at the core count), so timed runs never overlap beyond the cores there
    are and never share a core with other work. A parallel run is the most sensitive to
    that: with two threads on two cores, one thread descheduled by another worker's code
    generation stalls both at every barrier (before the gate covered code generation and
    comparison, `--workers 2 --threads 2` timed parallel schedules at 0.4-0.8x that a quiet
    run timed at 2x). Tokens are taken under one lock, so a run waiting for several
    cores is not starved by compiles that keep taking single ones.

    A hold inside a hold of the same process is fine: asking for no more cores than it
    holds changes nothing, asking for more gives back what it holds, waits for all it
    asks for, and takes the old count back afterwards (a process never waits for the
    order lock while holding cores, so two processes upgrading at once cannot deadlock).
    PPO's rollout workers hold one core per step and their measurements more inside it.

    Timed runs take their cores with `quiet`, which does not wait for the cores held by
    other workers' registered processes (compiles, a batch before its timed rounds): it
    stops them (SIGSTOP to their process groups) for as long as it runs and continues them
    after. Waiting for them left a core idle for a compile's length (about 0.7 s) or a
    batch's warm-ups before every batch's timed rounds: 56 of the 225 s of a measuring run
    (reports/session40). A worker registers such a process with `pause()` (runtime.build
    and run_batch take it); their timeouts leave out the seconds they were stopped, and one
    that ended just as it was stopped holds its worker until the timed runs are over, so
    nothing else runs beside them.
    """

    def __init__(self, cores: int, ctx, workers: int = 1) -> None:
        self.cores = max(1, cores)
        self._tokens = ctx.Semaphore(self.cores)
        self._order = ctx.Lock()
        self._held = 0  # cores this process holds (each process has its own copy of the gate)
        # one slot per worker process for the process it registers (a compile, a batch's warm-ups)
        n = max(1, workers)
        self._slots = ctx.Lock()  # guards the slots
        self._next_slot = ctx.Value("i", 0, lock=False)
        self._group = ctx.Array("i", n, lock=False)  # the process group registered in the slot, 0: none
        self._stopped_at = ctx.Array("d", n, lock=False)  # when it was stopped (time.monotonic), 0: running
        self._stopped_s = ctx.Array("d", n, lock=False)  # seconds stopped before, in all
        self._continued = [ctx.Event() for _ in range(n)]  # set while the slot's process runs
        for e in self._continued:
            e.set()
        self._slot = -1  # this process's slot (register)

    def register(self) -> None:
        """Take a slot for the processes this process registers (a worker's initializer);
        without one they are waited for, never stopped."""
        with self._slots:
            if self._next_slot.value < len(self._group):
                self._slot = self._next_slot.value
                self._next_slot.value += 1

    def _take(self, n: int, stop: bool = False) -> list[tuple[int, int]]:
        """Take `n` cores, waiting for them under the order lock; with `stop`, the ones other
        workers' registered processes hold are taken by stopping those instead (returned, to
        `_continue`)."""
        taken, stopped = 0, []
        try:
            with self._order:
                if stop:
                    while taken < n and self._tokens.acquire(block=False):
                        taken += 1
                    if taken < n:
                        stopped = self._stop_others(n - taken)
                while taken + len(stopped) < n:
                    self._tokens.acquire()
                    taken += 1
        except BaseException:  # stopped (SIGTERM) while waiting: what it took goes back
            self._continue(stopped)
            for _ in range(taken):
                self._tokens.release()
            raise
        self._held = taken
        return stopped

    def _give(self) -> None:
        for _ in range(self._held):
            self._tokens.release()
        self._held = 0

    @contextlib.contextmanager
    def _holding(self, n: int, stop: bool) -> Iterator[None]:
        n = max(1, min(n, self.cores))
        before = self._held
        if before >= n:
            yield
            return
        self._give()
        stopped = self._take(n, stop)
        try:
            yield
        finally:
            self._continue(stopped)
            self._give()
            if before:
                self._take(before)

    def hold(self, n: int) -> contextlib.AbstractContextManager[None]:
        return self._holding(n, stop=False)

    def quiet(self, n: int) -> contextlib.AbstractContextManager[None]:
        """`hold(n)` for timed runs: the cores other workers' registered processes hold (one
        each) are taken by stopping those processes until the block ends."""
        return self._holding(n, stop=True)

    def _stop_others(self, want: int) -> list[tuple[int, int]]:
        """Stop other workers' registered processes, when there are at least `want` of them
        (each holds one core); their (slot, process group), else []."""
        with self._slots:
            stopped = [(k, g) for k in range(len(self._group)) if k != self._slot and (g := self._group[k]) > 0]
            if len(stopped) < want:
                return []
            stopped = stopped[:want]
            now = time.monotonic()
            for k, group in stopped:
                self._continued[k].clear()
                self._stopped_at[k] = now
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(group, signal.SIGSTOP)
            return stopped

    def _continue(self, stopped: list[tuple[int, int]]) -> None:
        if not stopped:
            return
        with self._slots:
            now = time.monotonic()
            for k, group in stopped:
                # the group stopped, even if its worker has unregistered it meanwhile: a batch
                # stopped just after it said it is ready to time is unregistered while stopped
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(group, signal.SIGCONT)
                self._stopped_s[k] += now - self._stopped_at[k]
                self._stopped_at[k] = 0.0
                self._continued[k].set()

    def pause(self) -> _Pause | None:
        """What runtime.build and run_batch take to let this process's compiles and batch
        warm-ups be stopped (None: no slot)."""
        return _Pause(self, self._slot) if self._slot >= 0 else None


class _Pause:
    """One worker's side of the gate's stopped processes (runtime.execute.Pause)."""

    def __init__(self, gate: CoreGate, slot: int) -> None:
        self._gate, self._slot = gate, slot

    def started(self, group: int) -> None:
        with self._gate._slots:
            self._gate._group[self._slot] = group

    def ended(self) -> None:
        """The process is over (or killed, or past what may be stopped): its slot is cleared,
        and if it was stopped just then, this waits until the timed runs that stopped it are
        over."""
        g = self._gate
        with g._slots:
            g._group[self._slot] = 0
        g._continued[self._slot].wait()

    def stopped_s(self) -> float:
        """Seconds this worker's processes have been stopped, in all, now included."""
        g, k = self._gate, self._slot
        at = g._stopped_at[k]
        return g._stopped_s[k] + (time.monotonic() - at if at else 0.0)


class NoGate:
    """Ray tasks reserve their cores through the task's num_cpus instead."""

    @contextlib.contextmanager
    def hold(self, n: int) -> Iterator[None]:
        yield

    quiet = hold

    def pause(self) -> None:
        return None
