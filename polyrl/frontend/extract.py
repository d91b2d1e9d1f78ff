"""Finding the static control parts of a parsed C file: the `#pragma scop` regions when there
are any, otherwise the maximal runs of top-level `for` nests of each function that are static
control, with why each refused nest was refused.

Owns where the regions are (their statements and byte ranges, pragma lines included); each
region is turned into an `ir.Scop` by polyhedral.py.
"""

from __future__ import annotations

import re

import clang.cindex as ci
from clang.cindex import CursorKind as K

from polyrl.errors import PolyrlError
from polyrl.frontend.clang_parse import Source
from polyrl.frontend.polyhedral import build_scop
from polyrl.frontend.statements import stmt_end
from polyrl.ir import Scop

PRAGMA_RE = re.compile(rb"^[ \t]*#[ \t]*pragma[ \t]+(scop|endscop)\b[^\n]*", re.MULTILINE)
OTHER_PRAGMA_RE = re.compile(rb"[ \t]*#[ \t]*pragma[ \t]+(?!scop\b|endscop\b)\w")


def _line_start(data: bytes, off: int) -> int:
    return data.rfind(b"\n", 0, off) + 1


def _indent(src: Source, off: int) -> str:
    ls = _line_start(src.data, off)
    pre = src.data[ls:off]
    return pre.decode() if pre.strip() == b"" else ""


def _line_col(data: bytes, off: int) -> tuple[int, int]:
    return data.count(b"\n", 0, off) + 1, off - _line_start(data, off) + 1


def _functions(src: Source, function: str | None) -> list[ci.Cursor]:
    out = []
    for c in src.tu.cursor.get_children():
        if c.kind == K.FUNCTION_DECL and c.is_definition() and src.is_main(c.location.file):
            if function is None or c.spelling == function:
                out.append(c)
    if function is not None and not out:
        raise PolyrlError(f"no function `{function}` is defined in this file", src.path, 1, 1)
    return out


def _body(func: ci.Cursor) -> ci.Cursor | None:
    for c in func.get_children():
        if c.kind == K.COMPOUND_STMT:
            return c
    return None


def _pragma_pairs(src: Source) -> list[tuple[int, int, int, int]]:
    """(scop line start, scop line end, endscop line start, endscop line end) byte offsets."""
    pairs = []
    open_: tuple[int, int] | None = None
    for m in PRAGMA_RE.finditer(src.data):
        kind = m.group(1)
        line, col = _line_col(src.data, m.start())
        if kind == b"scop":
            if open_ is not None:
                raise PolyrlError("nested `#pragma scop` (missing `#pragma endscop`)", src.path, line, col)
            open_ = (m.start(), m.end())
        else:
            if open_ is None:
                raise PolyrlError("`#pragma endscop` without `#pragma scop`", src.path, line, col)
            pairs.append((open_[0], open_[1], m.start(), m.end()))
            open_ = None
    if open_ is not None:
        line, col = _line_col(src.data, open_[0])
        raise PolyrlError("`#pragma scop` without a matching `#pragma endscop`", src.path, line, col)
    return pairs


def _innermost_block(root: ci.Cursor, lo: int, hi: int, src: Source) -> ci.Cursor | None:
    best = None
    for c in root.walk_preorder():
        if c.kind != K.COMPOUND_STMT:
            continue
        ext = src.extent(c)
        if ext is not None and ext[0] < lo and hi < ext[1]:
            best = c  # preorder: later hits are nested deeper
    return best


def find_scops(src: Source, function: str | None = None) -> tuple[list[Scop], list[PolyrlError]]:
    """All scops of the file, and (without pragmas) why the skipped loop nests were rejected."""
    funcs = _functions(src, function)
    pairs = _pragma_pairs(src)
    if pairs:
        return _pragma_scops(src, funcs, pairs, function), []
    scops: list[Scop] = []
    rejected: list[PolyrlError] = []
    for f in funcs:
        body = _body(f)
        if body is None:
            continue
        runs: list[list[ci.Cursor]] = [[]]
        for st in body.get_children():
            if st.kind != K.FOR_STMT:
                runs.append([])
                continue
            try:
                _run_scop(src, f, [st])
            except PolyrlError as e:
                rejected.append(e)
                runs.append([])
                continue
            runs[-1].append(st)
        for run in runs:
            if not run:
                continue
            try:
                scops.append(_run_scop(src, f, run))
            except PolyrlError:
                scops.extend(_run_scop(src, f, [st]) for st in run)
    return scops, rejected


def _run_scop(src: Source, func: ci.Cursor, items: list[ci.Cursor]) -> Scop:
    """The scop of consecutive top-level loop nests of a function (no pragmas in the file)."""
    first = src.extent(items[0])
    last = src.extent(items[-1])
    if first is None or last is None:
        raise src.error("loop nest comes from a macro expansion in another file", items[0])
    region = (_pragmas_before(src.data, first[0]), stmt_end(src, last[1]))
    return build_scop(src, func, items, region, _indent(src, first[0]))


def _pragmas_before(data: bytes, start: int) -> int:
    """Move a loop nest's start back over `#pragma omp ...`-style lines right above it: they
    belong to the loop that codegen replaces."""
    ls = _line_start(data, start)
    if data[ls:start].strip():
        return start
    while ls > 0:
        prev = _line_start(data, ls - 1)
        line = data[prev:ls - 1]
        if not OTHER_PRAGMA_RE.match(line):
            break
        start = prev + (len(line) - len(line.lstrip()))
        ls = prev
    return start


def _pragma_scops(src: Source, funcs: list[ci.Cursor], pairs, function: str | None) -> list[Scop]:
    scops = []
    for s0, s1, e0, e1 in pairs:
        line, col = _line_col(src.data, s0)
        owner = None
        for f in _functions(src, None):
            ext = src.extent(f)
            if ext is not None and ext[0] <= s0 < ext[1]:
                owner = f
        if owner is None:
            raise PolyrlError("`#pragma scop` outside a function body", src.path, line, col)
        if function is not None and owner.spelling != function:
            continue
        block = _innermost_block(owner, s1, e0, src)
        if block is None:
            raise PolyrlError("`#pragma scop` and `#pragma endscop` must be in the same block",
                              src.path, line, col)
        items = []
        for st in block.get_children():
            ext = src.extent(st)
            if ext is None:
                continue
            if ext[0] >= s1 and ext[1] <= e0:
                items.append(st)
            elif ext[0] < e0 and ext[1] > s1:
                raise src.error("`#pragma scop`/`#pragma endscop` must be placed between statements", st)
        if not items:
            raise PolyrlError("empty `#pragma scop` region (no loop nest)", src.path, line, col)
        region = (_line_start(src.data, s0), e1)
        scops.append(build_scop(src, owner, items, region, _indent(src, src.extent(items[0])[0])))
    return scops
