"""Affine forms over iterators and parameters, and their isl spelling.

An affine form is a dict: ("i", k) -> coefficient of iterator k, ("p", name) -> coefficient
of parameter `name`, 1 -> the constant. Zero coefficients are dropped.
"""

from __future__ import annotations

import re

from polyrl.ir import Binary, Cast, Expr, Iter, Num, Param, Unary

Aff = dict

INT_LITERAL_RE = re.compile(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)")

INT_CTYPES = frozenset({
    "int", "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "short",
    "unsigned short", "char", "signed char", "unsigned char",
})

# words isl's parser treats specially; C identifiers with these names must be renamed
ISL_KEYWORDS = frozenset({
    "exists", "and", "or", "implies", "not", "mod", "min", "max", "floor", "ceil", "floord", "ceild",
    "infty", "NaN", "rat", "true", "false", "domain", "range", "to", "if", "else", "ceiling",
})


CHAR_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7, "b": 8, "f": 12,
                "v": 11}


def int_literal(text: str) -> int | None:
    """Value of a C integer or simple character literal, None otherwise."""
    if len(text) == 3 and text[0] == text[2] == "'":
        return ord(text[1])
    if len(text) == 4 and text[0] == text[3] == "'" and text[1] == "\\":
        return CHAR_ESCAPES.get(text[2])
    m = INT_LITERAL_RE.fullmatch(text)
    if not m:
        return None
    t = m.group(1)
    if t.startswith(("0x", "0X")):
        return int(t, 16)
    if t.startswith(("0b", "0B")):
        return int(t[2:], 2)
    if len(t) > 1 and t.startswith("0"):
        return int(t, 8)
    return int(t)


def const(c: int) -> Aff:
    return {1: c} if c else {}


def add(a: Aff, b: Aff, scale: int = 1) -> Aff:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + scale * v
        if out[k] == 0:
            del out[k]
    return out


def scale(a: Aff, c: int) -> Aff:
    return {k: v * c for k, v in a.items()} if c else {}


def constant_value(a: Aff) -> int | None:
    if all(k == 1 for k in a):
        return a.get(1, 0)
    return None


def of_expr(e: Expr) -> Aff | None:
    """The affine form of an expression tree, None when it is not affine."""
    if isinstance(e, Num):
        v = int_literal(e.text)
        return None if v is None else const(v)
    if isinstance(e, Iter):
        return {("i", e.index): 1}
    if isinstance(e, Param):
        return {("p", e.name): 1}
    if isinstance(e, Cast) and e.ctype in INT_CTYPES:
        return of_expr(e.operand)
    if isinstance(e, Unary):
        a = of_expr(e.operand)
        if a is None or e.op not in "+-":
            return None
        return scale(a, -1) if e.op == "-" else a
    if isinstance(e, Binary):
        lhs, rhs = of_expr(e.lhs), of_expr(e.rhs)
        if lhs is None or rhs is None:
            return None
        if e.op == "+":
            return add(lhs, rhs)
        if e.op == "-":
            return add(lhs, rhs, -1)
        if e.op == "*":
            cl, cr = constant_value(lhs), constant_value(rhs)
            if cl is not None:
                return scale(rhs, cl)
            if cr is not None:
                return scale(lhs, cr)
        return None
    return None


def iter_indices(a: Aff) -> set[int]:
    return {k[1] for k in a if isinstance(k, tuple) and k[0] == "i"}


def to_isl(a: Aff, iter_names: list[str]) -> str:
    """isl text of an affine form, e.g. `2*i - N + 1`."""
    parts: list[tuple[int, str]] = []
    for k, v in a.items():
        if k == 1:
            continue
        name = iter_names[k[1]] if k[0] == "i" else k[1]
        parts.append((v, name))
    parts.sort(key=lambda t: t[1])
    c = a.get(1, 0)
    out = ""
    for v, name in parts:
        mag = abs(v)
        term = name if mag == 1 else f"{mag}*{name}"
        if not out:
            out = term if v > 0 else f"-{term}"
        else:
            out += f" + {term}" if v > 0 else f" - {term}"
    if c or not out:
        if not out:
            out = str(c)
        else:
            out += f" + {c}" if c > 0 else f" - {-c}"
    return out
