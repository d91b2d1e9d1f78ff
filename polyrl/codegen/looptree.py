"""`LoopTree`: the typed tree codegen builds and the C++ emitter prints (no isl object crosses).

Owns the node types and what each node guarantees about its own fields, checked when it
is made (ValueError naming the type and field). Building a tree from a schedule is
`polyrl.codegen`'s; printing it is the emitter's (`polyrl.codegen.emit`), which also
checks what no single node can know: that every `Stmt` names a statement of the tree
and gives the iterators its expressions use, that a `Pack` copies into a buffer of its
own loop or of one around it with as many dimensions, and the statements' expressions.

    LoopTree(root, statements={"S0": Statement(lhs, "+=", rhs, vector), ...},
             decls=(("double", "s"), ...),  # scalars declared inside the original region
             buffers=(Buffer, ...),          # heap arrays allocated at the start of the
                                             # region, freed at its end (expanded scalars)
             indent="  ")

and a node is one of

    Block(children)
    For(iter, init, cond, body, upper, inc, parallel, simd, unroll, unroll_copies, jam,
        packs, vector, buffers)
    If(cond, then, orelse)
    Stmt(name, args)

`Stmt.args[k]` is the C expression of the statement's k-th original iterator in terms of
the loop iterators. `Statement.lhs` and `.rhs` are the plain expressions of
`polyrl.ir.expr_to_plain`. C expressions may use the helpers `polyrl_min`, `polyrl_max`,
`polyrl_floord`, `polyrl_ceild`, which the emitted region defines.

The emitter prints the tree as it is given. How loops are written out (jammed copies,
unrolled copies, the full-tile guards it hoists, vector code) is decided by a pass over
the tree before printing (csrc/rewrite.cpp); the tree itself never changes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NoReturn

from polyrl.poly.vector import VECTOR_TYPES

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TYPE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_ *]*")
_NOT_IN_EXPRESSIONS = re.compile(r"[;{}\"'\n#]")
ASSIGNMENT_OPS = frozenset(("=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="))
MAX_UNROLL = 1024
MAX_JAM = 64

PlainExpr = list | tuple  # polyrl.ir.expr_to_plain; checked by the emitter


def _fail(node: object, name: str, what: str) -> NoReturn:
    raise ValueError(f"LoopTree {type(node).__name__}.{name}: {what}")


def _str(node: object, name: str, value: Any) -> str:
    if not isinstance(value, str):
        _fail(node, name, f"expected a str, got {type(value).__name__}")
    return value


def _identifier(node: object, name: str, value: Any) -> str:
    if not _IDENTIFIER.fullmatch(_str(node, name, value)):
        _fail(node, name, f"not a C identifier: {value!r}")
    return value


def _type_name(node: object, name: str, value: Any) -> str:
    if not _TYPE_NAME.fullmatch(_str(node, name, value)):
        _fail(node, name, f"not a C type: {value!r}")
    return value


def is_c_expression(text: str) -> bool:
    """One C expression as far as the printer cares: not blank, no statement or
    preprocessor syntax, balanced parentheses and brackets."""
    if not text.strip(" \t") or _NOT_IN_EXPRESSIONS.search(text):
        return False
    depth = {"(": 0, "[": 0}
    for c in re.findall(r"[()\[\]]", text):
        if c in depth:
            depth[c] += 1
        else:
            opening = "(" if c == ")" else "["
            depth[opening] -= 1
            if depth[opening] < 0:
                return False
    return depth["("] == 0 and depth["["] == 0


def _expression(node: object, name: str, value: Any) -> str:
    if not is_c_expression(_str(node, name, value)):
        _fail(node, name, f"not a C expression: {value!r}")
    return value


def _expressions(node: object, name: str, values: Any) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, list | tuple):
        _fail(node, name, f"expected a sequence of C expressions, got {type(values).__name__}")
    for k, v in enumerate(values):
        _expression(node, f"{name}[{k}]", v)
    return tuple(values)


def _bool(node: object, name: str, value: Any) -> None:
    if not isinstance(value, bool):
        _fail(node, name, f"expected a bool, got {type(value).__name__}")


def _factor(node: object, name: str, value: Any, most: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(node, name, f"expected an int, got {type(value).__name__}")
    if not 1 <= value <= most:
        _fail(node, name, f"{name} factor must be in 1..{most}, not {value}")


def _sequence(node: object, name: str, values: Any, kind: type) -> tuple:
    if not isinstance(values, list | tuple):
        _fail(node, name, f"expected a sequence of {kind.__name__}, got {type(values).__name__}")
    for k, v in enumerate(values):
        if not isinstance(v, kind):
            _fail(node, f"{name}[{k}]", f"expected a {kind.__name__}, got {type(v).__name__}")
    return tuple(values)


def _node(node: object, name: str, value: Any) -> None:
    if not isinstance(value, Block | For | If | Stmt):
        _fail(node, name, f"expected a Block, For, If or Stmt, got {type(value).__name__}")


def _set(node: object, name: str, value: Any) -> None:
    object.__setattr__(node, name, value)  # a frozen field, normalized while it is made


@dataclass(frozen=True)
class Statement:
    """`lhs op rhs;`, run by the `Stmt` nodes that name it. `vector`: the statement can be
    evaluated on vectors as it is (`polyrl.poly.vector`); the emitter writes a vector loop
    only over statements that can."""

    lhs: PlainExpr
    op: str
    rhs: PlainExpr
    vector: bool = False

    def __post_init__(self) -> None:
        if _str(self, "op", self.op) not in ASSIGNMENT_OPS:
            _fail(self, "op", f"unknown assignment operator {self.op!r}")
        _bool(self, "vector", self.vector)


@dataclass(frozen=True)
class Buffer:
    """`extent[d]` elements of `ctype` in dimension d on the heap, aligned to 64 bytes, as
    `ctype (*restrict name)[extent[1]]...`."""

    name: str
    ctype: str
    extent: tuple[str, ...]

    def __post_init__(self) -> None:
        _identifier(self, "name", self.name)
        _type_name(self, "ctype", self.ctype)
        _set(self, "extent", _expressions(self, "extent", self.extent))
        if not self.extent:
            _fail(self, "extent", "a buffer needs at least one dimension")


@dataclass(frozen=True)
class Pack:
    """At the start of each iteration of its loop, the box lower[d] <= i_d <= upper[d] of
    `array` is copied into `buffer` (from index 0 in every dimension), and
    `<buffer>_lo<d>` = lower[d] is defined for the statements, which read
    `buffer[i_0 - <buffer>_lo0]...`. `transposed`: the buffer's last two dimensions are
    swapped (buffer[..][i1][i0])."""

    buffer: str
    array: str
    lower: tuple[str, ...]
    upper: tuple[str, ...]
    transposed: bool = False

    def __post_init__(self) -> None:
        _identifier(self, "buffer", self.buffer)
        _identifier(self, "array", self.array)
        _set(self, "lower", _expressions(self, "lower", self.lower))
        _set(self, "upper", _expressions(self, "upper", self.upper))
        if not self.lower or len(self.lower) != len(self.upper):
            _fail(self, "upper", "lower and upper must give the same number (> 0) of bounds")
        _bool(self, "transposed", self.transposed)
        if self.transposed and len(self.lower) < 2:
            _fail(self, "transposed", "a transposed buffer needs two dimensions")


@dataclass(frozen=True)
class Block:
    """Its children, in order."""

    kind: ClassVar[str] = "block"
    children: tuple[Node, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.children, list | tuple):
            _fail(self, "children", f"expected a sequence of nodes, got {type(self.children).__name__}")
        for k, child in enumerate(self.children):
            _node(self, f"children[{k}]", child)
        _set(self, "children", tuple(self.children))


@dataclass(frozen=True)
class For:
    """`for (int iter = init; cond; iter += inc) body`, written as the flags ask.

    upper: the inclusive upper bound when `cond` is `iter <= upper` (None: unknown).
    parallel, simd: `#pragma omp parallel for`, `omp simd`.
    unroll: 1, or f > 1: f copies of the body (`unroll_copies`), or the loop as it is
        under `#pragma GCC unroll f` (polyrl.codegen's UNROLL_BY_COMPILER).
    jam: 1, or f > 1: a point loop of at most f iterations, written as f copies of its
        body inside the enclosing loop, each guarded where the tile may be partial.
    packs: copies made at the start of each iteration.
    vector: "double" or "float": an innermost loop written as explicit vector code of
        that element type (GCC vector extensions, the target's widest vectors, a scalar
        remainder); a body the emitter cannot write so stays an ordinary loop.
    buffers: allocated around the loop, or at each iteration of a parallel one (so that
        every thread has its own).
    """

    kind: ClassVar[str] = "for"
    iter: str
    init: str
    cond: str
    body: Node
    upper: str | None = None
    inc: str = "1"
    parallel: bool = False
    simd: bool = False
    unroll: int = 1
    unroll_copies: bool = True
    jam: int = 1
    packs: tuple[Pack, ...] = ()
    vector: str | None = None
    buffers: tuple[Buffer, ...] = ()

    def __post_init__(self) -> None:
        _identifier(self, "iter", self.iter)
        for name in ("init", "cond", "inc"):
            _expression(self, name, getattr(self, name))
        if self.upper is not None:
            _expression(self, "upper", self.upper)
        _node(self, "body", self.body)
        for name in ("parallel", "simd", "unroll_copies"):
            _bool(self, name, getattr(self, name))
        _factor(self, "unroll", self.unroll, MAX_UNROLL)
        _factor(self, "jam", self.jam, MAX_JAM)
        _set(self, "packs", _sequence(self, "packs", self.packs, Pack))
        _set(self, "buffers", _sequence(self, "buffers", self.buffers, Buffer))
        if self.vector is not None and self.vector not in VECTOR_TYPES:
            _fail(self, "vector", f"vector element type must be 'double' or 'float', not {self.vector!r}")


@dataclass(frozen=True)
class If:
    """`if (cond) then else orelse` (no else when `orelse` is None)."""

    kind: ClassVar[str] = "if"
    cond: str
    then: Node
    orelse: Node | None = None

    def __post_init__(self) -> None:
        _expression(self, "cond", self.cond)
        _node(self, "then", self.then)
        if self.orelse is not None:
            _node(self, "orelse", self.orelse)


@dataclass(frozen=True)
class Stmt:
    """One run of statement `name`, its k-th original iterator being the C expression `args[k]`."""

    kind: ClassVar[str] = "stmt"
    name: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _str(self, "name", self.name)
        _set(self, "args", _expressions(self, "args", self.args))


Node = Block | For | If | Stmt


@dataclass(frozen=True)
class LoopTree:
    """The region's code: its loops and statements, the scalars it declares, the buffers
    it allocates, and the indentation of the lines after its first."""

    root: Node
    statements: Mapping[str, Statement]
    decls: tuple[tuple[str, str], ...] = ()
    buffers: tuple[Buffer, ...] = ()
    indent: str = "  "

    def __post_init__(self) -> None:
        _node(self, "root", self.root)
        if not isinstance(self.statements, Mapping):
            _fail(self, "statements", f"expected a mapping, got {type(self.statements).__name__}")
        for name, s in self.statements.items():
            _str(self, "statements key", name)
            if not isinstance(s, Statement):
                _fail(self, f"statements[{name!r}]", f"expected a Statement, got {type(s).__name__}")
        _set(self, "statements", MappingProxyType(dict(self.statements)))
        if not isinstance(self.decls, list | tuple):
            _fail(self, "decls", f"expected a sequence of [type, name], got {type(self.decls).__name__}")
        for k, d in enumerate(self.decls):
            if not isinstance(d, list | tuple) or len(d) != 2:
                _fail(self, f"decls[{k}]", "expected [type, name]")
            _type_name(self, f"decls[{k}][0]", d[0])
            _identifier(self, f"decls[{k}][1]", d[1])
        _set(self, "decls", tuple(tuple(d) for d in self.decls))
        _set(self, "buffers", _sequence(self, "buffers", self.buffers, Buffer))
        if _str(self, "indent", self.indent).strip(" \t"):
            _fail(self, "indent", "only spaces and tabs allowed")
