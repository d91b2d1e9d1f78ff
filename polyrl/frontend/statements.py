"""The statements of one region, collected in textual order: assignments (chained ones split),
`x++`-style updates and local declarations with an initialiser, each with the loops around it,
its position in every enclosing sequence and the `if` guards it sits under.

Owns which C statements may appear in a scop and the refusals for the others; not the loop
headers and conditions (constraints.py) nor the expressions (expressions.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci
from clang.cindex import CursorKind as K

from polyrl.frontend.clang_parse import (
    ARRAY_KINDS,
    INCREMENT_STEPS,
    UNARY_DEREF,
    Source,
    binary_op,
    children,
    strip_implicit,
    unary_kind,
)
from polyrl.frontend.constraints import ConstraintReader, Loop, iterator_names
from polyrl.frontend.expressions import ExpressionReader
from polyrl.frontend.symbols import RegionSymbols
from polyrl.ir import ArrayRef, Expr, Num, Scalar

STMT_OPS = {"=", "+=", "-=", "*=", "/="}
JUMPS = {K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.RETURN_STMT}


@dataclass
class SourceStatement:
    """A statement as read from the C, before it becomes isl sets: the loops around it, its
    position in each enclosing sequence (the original schedule), what it writes and reads."""

    loops: tuple[Loop, ...]
    positions: tuple[int, ...]
    lhs: ArrayRef | Scalar
    op: str
    rhs: Expr
    reads: list[ArrayRef | Scalar]
    line: int
    text: str
    cursor: ci.Cursor
    # affine `if` conditions around the statement, outermost first: (condition, holds, text), where
    # condition is a condition tree (constraints.py) over the loops enclosing the `if` (a prefix
    # of `loops`); holds is False in the `else` branch; text is the condition as written
    guards: tuple = ()


class StatementCollector:
    """Walks the items of one region and appends each statement to `stmts`, in textual order."""

    def __init__(self, src: Source, symbols: RegionSymbols, exprs: ExpressionReader,
                 constraints: ConstraintReader):
        self.src = src
        self.symbols = symbols
        self.exprs = exprs
        self.constraints = constraints
        self.stmts: list[SourceStatement] = []

    def _flatten(self, items: list[ci.Cursor]):
        for it in items:
            if it.kind == K.COMPOUND_STMT:
                yield from self._flatten(children(it))
            elif it.kind == K.DECL_STMT:
                for d in children(it):
                    if d.kind != K.VAR_DECL:
                        raise self.src.error(f"unsupported declaration `{self.src.text_of(d)}` in a scop", d)
                    yield d
            else:
                yield it

    def walk(self, items: list[ci.Cursor], loops: tuple[Loop, ...], prefix: tuple[int, ...],
             guards: tuple = (), start: int = 0) -> int:
        """Statements of `items` at positions start, start+1, ... of `prefix`; the statements of an
        `if` take their places in the enclosing sequence, guarded. Returns the next position."""
        pos = start
        for it in self._flatten(items):
            if it.kind == K.IF_STMT:
                ch = children(it)
                cond = self.constraints.condition(ch[0], iterator_names(loops))
                text = self._if_condition_text(it)
                pos = self.walk([ch[1]], loops, prefix, guards + ((cond, True, text),), pos)
                if len(ch) > 2:
                    pos = self.walk([ch[2]], loops, prefix, guards + ((cond, False, text),), pos)
                continue
            chain = _chain(it)
            if chain is None:
                self.item(it, loops, prefix + (pos,), guards)
                pos += 1
                continue
            # `a = b = e` is `b = e; a = b;`
            targets, e = chain
            reads: list[ArrayRef | Scalar] = []
            prev = self._target(targets[-1], loops, it)
            rhs = self.exprs.expr(e, iterator_names(loops), "rhs", reads)
            self._add(prev, "=", rhs, reads, loops, prefix + (pos,), it, guards)
            pos += 1
            for t in reversed(targets[:-1]):
                lhs = self._target(t, loops, it)
                self._add(lhs, "=", prev, [prev], loops, prefix + (pos,), it, guards)
                prev = lhs
                pos += 1
        return pos

    def _if_condition_text(self, cur: ci.Cursor) -> str:
        """The condition of an `if` as the source spells it (macros unexpanded)."""
        ext = self.src.extent(cur)
        whole = self.src.slice(*ext) if ext is not None else ""
        start, depth = whole.find("("), 0
        for k in range(max(start, 0), len(whole)):
            depth += {"(": 1, ")": -1}.get(whole[k], 0)
            if depth == 0 and start >= 0:
                return " ".join(whole[start + 1 : k].split())
        return " ".join(self.src.text_of(children(cur)[0]).split())

    def item(self, cur: ci.Cursor, loops: tuple[Loop, ...], positions: tuple[int, ...],
             guards: tuple = ()) -> None:
        k = cur.kind
        if k == K.FOR_STMT:
            lp = self.constraints.loop(cur, iterator_names(loops))
            self.walk([children(cur)[3]], loops + (lp,), positions, guards)
        elif k == K.NULL_STMT:
            return
        elif k == K.BINARY_OPERATOR and binary_op(cur) == "=":
            self.assignment(cur, loops, positions, "=", guards)
        elif k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            op = binary_op(cur)
            if op not in STMT_OPS:
                raise self.src.error(f"compound assignment `{op}` is not supported; write `x = x {op[:-1]} e`", cur)
            self.assignment(cur, loops, positions, op, guards)
        elif k == K.UNARY_OPERATOR and unary_kind(cur) in INCREMENT_STEPS:
            op = "+=" if INCREMENT_STEPS[unary_kind(cur)] > 0 else "-="
            self.assignment(cur, loops, positions, op, guards)
        elif k == K.VAR_DECL:
            if guards:
                raise self.src.error(f"declaration of `{cur.spelling}` inside an `if` of a scop is not supported; "
                                     "declare it before the `if`", cur)
            self.local_decl(cur, loops, positions)
        elif k in (K.WHILE_STMT, K.DO_STMT):
            raise self.src.error("while loops are not supported in a scop", cur)
        elif k in JUMPS:
            raise self.src.error("goto/break/continue/return not allowed in a scop", cur)
        elif k == K.SWITCH_STMT:
            raise self.src.error("switch statements are not supported in a scop", cur)
        elif k == K.LABEL_STMT:
            raise self.src.error("labels are not allowed in a scop", cur)
        elif k == K.CALL_EXPR:
            raise self.src.error(f"call to `{cur.spelling}` may have side effects "
                                 "(only pure math functions are allowed)", cur)
        else:
            raise self.src.error(f"unsupported statement `{self.src.text_of(cur)}` in a scop", cur)

    def _target(self, lhs: ci.Cursor, loops: tuple[Loop, ...], stmt: ci.Cursor) -> ArrayRef | Scalar:
        c = strip_implicit(lhs)
        if c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            return self.exprs.array_ref(c, iterator_names(loops))
        if c.kind == K.DECL_REF_EXPR:
            name = c.spelling
            ref = c.referenced
            if any(lp.var == name for lp in loops):
                raise self.src.error(f"loop iterator `{name}` is modified inside its loop", c)
            if name in self.symbols.iter_vars:
                raise self.src.error(f"assignment to loop iterator `{name}` outside its loop", c)
            if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
                raise self.src.error(f"unsupported assignment target `{self.src.text_of(c)}`", c)
            if ref.type.get_canonical().kind in ARRAY_KINDS:
                raise self.src.error(f"assignment to pointer `{name}` (pointer arithmetic) is not supported", c)
            self.symbols.add_scalar(name, ref, c)
            return Scalar(name)
        if c.kind == K.UNARY_OPERATOR and unary_kind(c) == UNARY_DEREF:
            raise self.src.error(f"pointer dereference `{self.src.text_of(c)}` (pointer arithmetic) is not supported; "
                                 "use array subscripts", c)
        if c.kind == K.MEMBER_REF_EXPR:
            raise self.src.error(f"struct member access `{self.src.text_of(c)}` is not supported in a scop", c)
        raise self.src.error(f"unsupported assignment target `{self.src.text_of(c)}`", stmt)

    def assignment(self, cur: ci.Cursor, loops: tuple[Loop, ...], positions: tuple[int, ...],
                   op: str, guards: tuple = ()) -> None:
        ch = children(cur)
        reads: list[ArrayRef | Scalar] = []
        lhs = self._target(ch[0], loops, cur)
        if op != "=":
            reads.append(lhs)
        if cur.kind == K.UNARY_OPERATOR:
            rhs: Expr = Num("1")
        else:
            rhs = self.exprs.expr(ch[1], iterator_names(loops), "rhs", reads)
        self._add(lhs, op, rhs, reads, loops, positions, cur, guards)

    def _add(self, lhs: ArrayRef | Scalar, op: str, rhs: Expr, reads: list, loops: tuple[Loop, ...],
             positions: tuple[int, ...], cur: ci.Cursor, guards: tuple = ()) -> None:
        self.stmts.append(SourceStatement(loops, positions, lhs, op, rhs, reads, cur.location.line,
                                          self.src.slice(*self.src_span(cur)), cur, guards))

    def local_decl(self, cur: ci.Cursor, loops: tuple[Loop, ...], positions: tuple[int, ...]) -> None:
        name = cur.spelling
        self.symbols.add_local(cur)
        inits = [c for c in children(cur) if c.kind.is_expression()]
        if not inits:
            return
        reads: list[ArrayRef | Scalar] = []
        rhs = self.exprs.expr(inits[-1], iterator_names(loops), "rhs", reads)
        parent_span = self.src_span(cur)
        self.stmts.append(SourceStatement(loops, positions, Scalar(name), "=", rhs, reads, cur.location.line,
                                          self.src.slice(*parent_span), cur))

    def src_span(self, cur: ci.Cursor) -> tuple[int, int]:
        ext = self.src.extent(cur)
        if ext is None:
            return (0, 0)
        return ext[0], stmt_end(self.src, ext[1])


def _chain(cur: ci.Cursor) -> tuple[list[ci.Cursor], ci.Cursor] | None:
    """([t0, t1, ...], e) for a chained assignment `t0 = t1 = ... = e`, else None."""
    if cur.kind != K.BINARY_OPERATOR or binary_op(cur) != "=":
        return None
    targets = []
    c, rhs = cur, cur
    while c.kind == K.BINARY_OPERATOR and binary_op(c) == "=":
        lhs, rhs = children(c)
        targets.append(lhs)
        c = strip_implicit(rhs)
    return (targets, rhs) if len(targets) > 1 else None


def _skip_space(data: bytes, i: int) -> int:
    n = len(data)
    while i < n:
        if data[i:i + 1].isspace():
            i += 1
        elif data.startswith(b"//", i):
            j = data.find(b"\n", i)
            i = n if j < 0 else j
        elif data.startswith(b"/*", i):
            j = data.find(b"*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            break
    return i


def stmt_end(src: Source, end: int) -> int:
    """Byte offset just past a statement whose clang extent ends at `end` (adds a trailing `;`)."""
    data = src.data
    if end > 0 and data[end - 1:end] in (b"}", b";"):
        return end
    j = _skip_space(data, end)
    if data[j:j + 1] == b";":
        return j + 1
    return end

