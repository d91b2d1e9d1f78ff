"""How long-running work is stopped: SIGTERM (a scheduler, `kill PID`) acts like Ctrl-C,
raising KeyboardInterrupt so that the finished work is kept; and Ctrl-C works even when
the shell started the command in the background with SIGINT ignored.

A signal that lands while Python runs inside a C callback (libclang's cursor visitor calls back
into Python for every child) raises KeyboardInterrupt there, and ctypes cannot pass it up: it
reports it to `sys.unraisablehook` and the C code carries on. Within `stop_on_signals` such an
interrupt is remembered, and `raise_if_swallowed()`, called after the C code returns, raises it.
A process stopped by SIGTERM raised as SystemExit (a `polyrl measure` worker) ends at once on one
swallowed so instead (`exit_where_swallowed`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_swallowed = threading.Event()
_depth = 0  # stop_on_signals blocks open (a command's, and a fuzz run's inside it)


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
