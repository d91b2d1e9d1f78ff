"""Per-kernel schedule files for the `polyrl-schedule` bench variant.

Format: one `kernel-name: SCHEDULE` per line (e.g. `gemm: B1:T3(0,1,2,32,32,32) B1:P(0)`),
`#` starts a comment, blank lines are ignored. Owns parsing that file and locating the
files shipped with polyrl; not applying the schedules (polyrl.api does that).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.poly.schedule import Schedule


def parse_schedules(text: str, source: str = "<schedules>") -> dict[str, str]:
    """kernel name -> canonical schedule text; syntax errors name the line."""
    out: dict[str, str] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, sched = line.partition(":")
        name = name.strip()
        # the first ':' ends the name; schedule words have their own (`B0:P(0)`)
        if not sep or not name or any(c.isspace() for c in name):
            raise PolyrlError("expected `kernel-name: SCHEDULE`", source, lineno, 1)
        if name in out:
            raise PolyrlError(f"a second schedule for `{name}`", source, lineno, 1)
        try:
            out[name] = str(Schedule.parse(sched.strip(), source))
        except PolyrlError as e:
            raise PolyrlError(e.message, source, lineno, None) from None
    return out


def load_schedules(path: str | Path) -> dict[str, str]:
    p = Path(path)
    if not p.is_file():
        raise PolyrlError("no such schedules file", str(path))
    return parse_schedules(p.read_text(), str(path))


def shipped_schedules(suite: str) -> dict[str, str]:
    """The schedules polyrl ships for a named suite (`schedules/<suite>.txt`), or none."""
    res = resources.files("polyrl.bench").joinpath("schedules", f"{suite}.txt")
    if not res.is_file():
        return {}
    return parse_schedules(res.read_text(), f"polyrl/bench/schedules/{suite}.txt")
