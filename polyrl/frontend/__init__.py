"""The C front end: libclang parse -> static control parts (`ir.Scop`) with isl domains,
accesses and original schedules.

clang_parse.py parses the file; extract.py finds the regions; for each region polyhedral.py
reads its statements (statements.py), their loop bounds and `if` guards (constraints.py), their
expressions (expressions.py) and the names they use (symbols.py), then builds the isl model.
"""

from __future__ import annotations

from polyrl.errors import PolyrlError
from polyrl.frontend.clang_parse import parse
from polyrl.frontend.extract import find_scops
from polyrl.interrupt import raise_if_swallowed
from polyrl.ir import Scop

__all__ = ["load_all_scops", "load_scop", "load_scops"]


def _parse_and_find(path: str, function: str | None, defines: dict[str, str] | None,
                    include_dirs: list[str] | tuple[str, ...]) -> tuple[list[Scop], list[PolyrlError]]:
    try:
        return find_scops(parse(path, defines, include_dirs), function)
    finally:  # a Ctrl-C or SIGTERM that landed in libclang's cursor visitor, even where the parse failed
        raise_if_swallowed()


def load_scops(path: str, function: str | None = None, defines: dict[str, str] | None = None,
               include_dirs: list[str] | tuple[str, ...] = ()) -> list[Scop]:
    """Every scop of a C file: the `#pragma scop` regions when there are any, otherwise the
    maximal runs of static-control top-level `for` nests of each function (or only `function`)."""
    scops, _ = _parse_and_find(path, function, defines, include_dirs)
    return scops


def load_all_scops(path: str, function: str | None = None, defines: dict[str, str] | None = None,
                   include_dirs: list[str] | tuple[str, ...] = ()) -> tuple[list[Scop], list[PolyrlError]]:
    """Every scop of a C file, and the loop nests refused (each an error naming its
    file:line:col and why), in the file's order."""
    return _parse_and_find(path, function, defines, include_dirs)


def load_scop(path: str, function: str | None = None, defines: dict[str, str] | None = None,
              include_dirs: list[str] | tuple[str, ...] = ()) -> Scop:
    """The first scop of a C file; PolyrlError (saying why, when a nest was rejected) if none."""
    scops, rejected = _parse_and_find(path, function, defines, include_dirs)
    if scops:
        return scops[0]
    if rejected:
        e = rejected[0]
        raise PolyrlError(f"no static control loop nest found: {e.message}", e.path, e.line, e.col)
    where = f" in function `{function}`" if function else ""
    raise PolyrlError(f"file is empty / has no loop nest{where}", path, 1, 1)
