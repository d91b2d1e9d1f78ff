"""How long-running work is stopped: SIGTERM (a scheduler, `kill PID`) acts like Ctrl-C,
raising KeyboardInterrupt so that the finished work is kept; and Ctrl-C works even when
the shell started the command in the background with SIGINT ignored."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGINT raise KeyboardInterrupt; the previous handlers
    are put back afterwards. Only the main thread can install handlers: elsewhere, nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    signal.signal(signal.SIGTERM, _interrupt)
    if previous[signal.SIGINT] == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
