"""How long-running work is stopped: SIGTERM (a scheduler, `kill PID`) acts like Ctrl-C,
raising KeyboardInterrupt so that the finished work is kept; and Ctrl-C works even when
the shell started the command in the background with SIGINT ignored.

A signal that lands while Python runs inside a C callback (libclang's cursor visitor calls back
into Python for every child) raises KeyboardInterrupt there, and ctypes cannot pass it up: it
reports it to `sys.unraisablehook` and the C code carries on. Within `stop_on_signals` such an
interrupt is remembered, and `raise_if_swallowed()`, called after the C code returns, raises it.
A process stopped by SIGTERM raised as SystemExit (a `polyrl measure` worker) ends at once on one
swallowed so instead (`exit_where_swallowed`).

A process pool stopped after Ctrl-C (`stop_pool`) can leave its manager thread waiting for ever,
and the interpreter's exit waits for that thread: a worker killed while it sent a result leaves
part of a message in the result pipe, and a KeyboardInterrupt that lands while
`concurrent.futures.wait` takes its futures' locks leaves some of them held, so the thread can
never set those futures' results. `stop_pool` undoes both; a pool that still does not stop is
remembered, and the command-line entry ends the process without waiting for it
(`exit_if_pools_left`), after everything measured was saved.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

_swallowed = threading.Event()
_depth = 0  # stop_on_signals blocks open (a command's, and a fuzz run's inside it)
_pools_left: list[threading.Thread] = []  # manager threads of pools stop_pool could not stop


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _remember_interrupts(previous_hook):
    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _swallowed.set()
        else:
            previous_hook(unraisable)
    return hook


def exit_where_swallowed(previous_hook):
    """An unraisable-exception hook that ends the process on a SystemExit a C callback could
    not pass up. A `polyrl measure` worker raises SystemExit on the driver's SIGTERM; landing
    while it parsed a program, ctypes only reported it and the worker went on planning while
    the driver waited (a Ctrl-C test of `polyrl measure` timed out so in session 80). No
    compiler or program of the worker runs during a parse, so there is nothing to kill first."""
    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, SystemExit):
            code = unraisable.exc_value.code
            os._exit(code if isinstance(code, int) else 1)
        previous_hook(unraisable)
    return hook


def raise_if_swallowed() -> None:
    """Raise the KeyboardInterrupt a C callback could not pass up, once."""
    if _swallowed.is_set():
        _swallowed.clear()
        raise KeyboardInterrupt


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGINT raise KeyboardInterrupt; the previous handlers
    are put back afterwards. Only the main thread can install handlers: elsewhere, nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    global _depth
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    previous_hook = sys.unraisablehook
    signal.signal(signal.SIGTERM, _interrupt)
    if previous[signal.SIGINT] == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.unraisablehook = _remember_interrupts(previous_hook)
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        sys.unraisablehook = previous_hook
        if not _depth:  # an inner block leaves one not raised yet to the block around it
            _swallowed.clear()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def stop_pool(pool: cf.ProcessPoolExecutor, futures: Iterable[cf.Future] = (), kill_after_s: float = 5.0,
              settle_s: float = 2.0) -> None:
    """Stop `pool` without waiting for its tasks: cancel what has not started, SIGTERM the
    workers (their task ends as after Ctrl-C), SIGKILL those still there after `kill_after_s`,
    and see that the pool's manager thread ends, since the interpreter's exit waits for it.
    `futures` are the pool's tasks this thread may be waiting on. A pool whose thread does not
    end is remembered for `exit_if_pools_left`.

    Two ways the thread can wait for ever once the workers are gone, both undone here (session 81;
    `polyrl measure` once hung for 49 minutes after Ctrl-C, idle, its workers exited): a worker
    killed while it sent its result leaves part of a message in the result pipe, and the thread
    waits for the rest (the parent holds the pipe's write end too, so the thread never sees the
    end of the pipe until that end is closed here); and a KeyboardInterrupt that lands while
    `concurrent.futures.wait` acquires its futures' locks one by one leaves the first ones held by
    this thread, and the manager thread waits for a lock that is never released."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    calls, results = getattr(pool, "_call_queue", None), getattr(pool, "_result_queue", None)
    for fut in futures:
        condition = fut._condition  # no public way to see a lock this thread left held
        while condition._is_owned():
            condition.release()
    if calls is not None:
        calls.cancel_join_thread()  # its feeder may wait on a pipe no live worker reads any more
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    deadline = time.monotonic() + kill_after_s
    for p in processes:
        p.join(timeout=max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.kill()
            p.join(timeout=settle_s)  # reaped, not left a zombie
    if manager is None:
        return
    manager.join(settle_s)
    if manager.is_alive() and results is not None:
        results._writer.close()  # the workers are gone: the thread's read ends
        manager.join(settle_s)
    if manager.is_alive():
        _pools_left.append(manager)


def exit_if_pools_left(code: int) -> None:
    """End the process now, with `code`, when a pool `stop_pool` could not stop is still running:
    the interpreter's own exit would wait for it for ever. Only a program's entry point calls it
    (what was measured is saved by then); tests calling `main` keep their process."""
    if any(thread.is_alive() for thread in _pools_left):
        print("polyrl: a worker pool did not stop; exiting without waiting for it", file=sys.stderr)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
