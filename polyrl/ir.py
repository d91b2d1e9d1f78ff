"""The program model every part of polyrl shares: expression trees, statements, the Scop.

The front end builds a `Scop`; `poly` reads its isl objects; `codegen` hands each
statement's expression tree (as plain data, see `expr_to_plain`) to the C++ emitter.
Nothing here computes dependences or prints schedules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

# ---------------------------------------------------------------- expressions
# Expression trees are immutable and hold C-level meaning only. Iterators of the
# statement are `Iter(k)` (the k-th iterator, outermost first) so that codegen can
# substitute the new loop expressions without touching names.


@dataclass(frozen=True)
class Num:
    text: str  # literal exactly as C should print it: "0", "1.5", "2.0f", "1e-9"


@dataclass(frozen=True)
class Iter:
    index: int  # position of the iterator in Statement.iterators


@dataclass(frozen=True)
class Param:
    name: str  # a symbolic size (macro name or function parameter), printed as is


@dataclass(frozen=True)
class Scalar:
    name: str  # a scalar variable (temporary, argument such as alpha), printed as is


@dataclass(frozen=True)
class ArrayRef:
    name: str
    indices: tuple[Expr, ...]  # affine in Iter/Param/Num


@dataclass(frozen=True)
class Unary:
    op: str  # "-", "+", "!", "~"
    operand: Expr


@dataclass(frozen=True)
class Binary:
    op: str  # C operator: + - * / % < <= > >= == != && || & | ^ << >>
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class Call:
    func: str  # pure math function: sqrt, exp, pow, fabs, ...
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Cast:
    ctype: str  # "double", "float", "int"
    operand: Expr


@dataclass(frozen=True)
class Select:
    cond: Expr
    then: Expr
    other: Expr


Expr = Num | Iter | Param | Scalar | ArrayRef | Unary | Binary | Call | Cast | Select


def expr_to_plain(e: Expr) -> list:
    """Plain nested lists for the C++ emitter: [kind, ...fields].

    kinds: ["num", text] ["iter", k] ["param", name] ["scalar", name]
    ["array", name, [idx...]] ["unary", op, e] ["binary", op, l, r]
    ["call", func, [args...]] ["cast", ctype, e] ["select", c, t, o]
    """
    if isinstance(e, Num):
        return ["num", e.text]
    if isinstance(e, Iter):
        return ["iter", e.index]
    if isinstance(e, Param):
        return ["param", e.name]
    if isinstance(e, Scalar):
        return ["scalar", e.name]
    if isinstance(e, ArrayRef):
        return ["array", e.name, [expr_to_plain(i) for i in e.indices]]
    if isinstance(e, Unary):
        return ["unary", e.op, expr_to_plain(e.operand)]
    if isinstance(e, Binary):
        return ["binary", e.op, expr_to_plain(e.lhs), expr_to_plain(e.rhs)]
    if isinstance(e, Call):
        return ["call", e.func, [expr_to_plain(a) for a in e.args]]
    if isinstance(e, Cast):
        return ["cast", e.ctype, expr_to_plain(e.operand)]
    if isinstance(e, Select):
        return ["select", expr_to_plain(e.cond), expr_to_plain(e.then), expr_to_plain(e.other)]
    raise TypeError(f"not an expression: {e!r}")


def map_expr(e: Expr, fn) -> Expr:
    """The tree with every node replaced by `fn(node)`, children first (`fn` sees the
    node with its children already mapped)."""
    if isinstance(e, ArrayRef):
        e = ArrayRef(e.name, tuple(map_expr(i, fn) for i in e.indices))
    elif isinstance(e, Unary):
        e = Unary(e.op, map_expr(e.operand, fn))
    elif isinstance(e, Binary):
        e = Binary(e.op, map_expr(e.lhs, fn), map_expr(e.rhs, fn))
    elif isinstance(e, Call):
        e = Call(e.func, tuple(map_expr(a, fn) for a in e.args))
    elif isinstance(e, Cast):
        e = Cast(e.ctype, map_expr(e.operand, fn))
    elif isinstance(e, Select):
        e = Select(map_expr(e.cond, fn), map_expr(e.then, fn), map_expr(e.other, fn))
    return fn(e)


def walk(e: Expr):
    """Yield every node of an expression tree, parents before children."""
    yield e
    children: tuple = ()
    if isinstance(e, ArrayRef):
        children = e.indices
    elif isinstance(e, Unary | Cast):
        children = (e.operand,)
    elif isinstance(e, Binary):
        children = (e.lhs, e.rhs)
    elif isinstance(e, Call):
        children = e.args
    elif isinstance(e, Select):
        children = (e.cond, e.then, e.other)
    for c in children:
        yield from walk(c)


# ---------------------------------------------------------------- statements


@dataclass(frozen=True)
class Array:
    """An array (or scalar, when `dims` is empty) the Scop reads or writes."""

    name: str
    ctype: str  # element type as written in C: "double", "float", "int"
    dims: tuple[int | None, ...]  # extents known from the declaration (None: unknown, e.g. decayed first dim)


@dataclass
class Statement:
    """One assignment `lhs op rhs` inside the loop nest.

    `domain` is an isl.Set named `name` with one dimension per iterator. `writes` and
    `reads` are isl.UnionMaps (restricted to the domain) from that domain to named array
    spaces, one map per array (scalars are 0-d arrays `s[]`). `original_schedule` is
    the 2d+1 map given by the source order:
    [b0, i0, b1, i1, ..., b_d] padded with zeros to Scop.schedule_depth.
    """

    name: str  # "S0", "S1", ... in textual order
    iterators: tuple[str, ...]  # source names, outermost first
    domain: isl.Set
    lhs: ArrayRef | Scalar  # Scalar for scalar temporaries
    op: str  # "=", "+=", "-=", "*=", "/="
    rhs: Expr
    writes: isl.UnionMap
    reads: isl.UnionMap  # includes the lhs for compound assignments (+= ...)
    original_schedule: isl.Map
    line: int  # source line of the statement, for messages
    text: str  # the statement as written in the source (for `polyrl show`)
    guard: str = ""  # the affine `if` conditions around it, as written ("" when none)


@dataclass
class Scop:
    """A static control part: the loop nests of one region of one C function.

    `region` is the span [start, end) of character offsets into `source` that codegen replaces
    (from `#pragma scop` to the end of `#pragma endscop`, or the maximal loop nests).
    `params` are the symbolic sizes in isl order; `param_values` holds each size's value
    where the source fixes it (a #define, -D) and None where only the run knows it.
    `context` constrains the parameters (at least what the loop bounds need to be >= 0).
    """

    source_path: str
    source: str  # the whole file text
    function: str
    region: tuple[int, int]
    params: tuple[str, ...]
    param_values: dict[str, int | None]
    context: isl.Set
    arrays: dict[str, Array]
    statements: list[Statement]
    indent: str = "  "  # indentation of the region's first line, reused by codegen
    local_decls: tuple[str, ...] = field(default_factory=tuple)  # names declared inside the region

    @property
    def schedule_depth(self) -> int:
        """Number of dimensions of every original schedule (2*max_depth + 1)."""
        return 2 * max((len(s.iterators) for s in self.statements), default=0) + 1

    def statement(self, name: str) -> Statement:
        for s in self.statements:
            if s.name == name:
                return s
        raise KeyError(name)

    def union_domain(self) -> isl.UnionSet:
        u = isl.UnionSet.empty(self.context.get_space())
        for s in self.statements:
            u = u.union(isl.UnionSet.from_set(s.domain))
        return u

    def union_reads(self) -> isl.UnionMap:
        return _union([s.reads for s in self.statements], self.context)

    def union_writes(self) -> isl.UnionMap:
        return _union([s.writes for s in self.statements], self.context)

    def union_original_schedule(self) -> isl.UnionMap:
        return _union([s.original_schedule for s in self.statements], self.context)

    def written_arrays(self) -> list[str]:
        names: list[str] = []
        for s in self.statements:
            n = s.lhs.name
            if n not in names and n not in self.local_decls:
                names.append(n)
        return names


def _union(maps: list[isl.Map | isl.UnionMap], context: isl.Set) -> isl.UnionMap:
    u = isl.UnionMap.empty(context.get_space())
    for m in maps:
        u = u.union(m if isinstance(m, isl.UnionMap) else isl.UnionMap.from_map(m))
    return u
