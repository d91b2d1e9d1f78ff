"""The one exception type for mistakes a user can cause (bad C, bad schedule, missing tool).

The CLI prints `str(err)` on one line and exits 2; anything else is our bug.
"""

from __future__ import annotations


class PolyrlError(Exception):
    """A user-facing error. `str()` is `file:line:col: message` when a place is known."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None, col: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col

    def __str__(self) -> str:
        if self.path is None:
            return self.message
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.message}"
