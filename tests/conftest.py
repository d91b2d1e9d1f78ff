"""Fixtures shared by the test modules."""

from __future__ import annotations

import time
from pathlib import Path

import pytest


class SlowCompiler:
    """A stand-in C compiler that never finishes: it starts a long child and waits for it,
    as gcc starts cc1, and writes the child's pid to `pids`. `--version` answers at once."""

    def __init__(self, folder: Path):
        self.pids = folder / "slowcc.pids"
        self.path = folder / "slowcc"
        self.path.write_text(f'#!/bin/sh\ncase "$1" in --version) echo slowcc 1.0; exit 0;; esac\n'
                             f'sleep 120 &\necho $! >> {self.pids}\nwait\n')
        self.path.chmod(0o755)

    def started(self) -> list[int]:
        """The pids of the children it started so far."""
        return [int(x) for x in self.pids.read_text().split()] if self.pids.is_file() else []

    def assert_all_stopped(self) -> None:
        """Every child it started is gone, or a zombie its new parent has not reaped yet."""
        time.sleep(0.2)
        for pid in self.started():
            stat_file = Path(f"/proc/{pid}/stat")
            assert not stat_file.exists() or stat_file.read_text().rsplit(")", 1)[1].split()[0] == "Z", pid


@pytest.fixture
def slow_compiler(tmp_path: Path) -> SlowCompiler:
    return SlowCompiler(tmp_path)
