"""The affine constraints of one region: a `for` loop's header read into a `Loop` (its lower
and upper bounds, `MIN`/`MAX` included, and its step), and an `if` condition read into a
condition tree that becomes a set of statement instances.

Owns which loop headers and `if` conditions are static control, and the messages for those
that are not; not the expressions inside them (expressions.py).

A condition tree is ("cmp", aff, op, aff) with op one of < <= > >= == !=, ("and" | "or", c, c)
or ("not", c), over the affine forms of `affine.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci
import islpy as isl
from clang.cindex import CursorKind as K

from polyrl.frontend import affine
from polyrl.frontend.clang_parse import (
    INCREMENT_STEPS,
    INTEGER_KINDS,
    UNARY_LNOT,
    UNSIGNED_KINDS,
    Source,
    binary_op,
    children,
    evaluate_int,
    strip_implicit,
    unary_kind,
)
from polyrl.frontend.expressions import ExpressionReader
from polyrl.frontend.symbols import RegionSymbols
from polyrl.ir import Binary, Expr, Select, walk


@dataclass
class Loop:
    """A `for` loop: var >= every lower bound, var <= every upper bound (affine forms over the
    enclosing iterators and the parameters), stepping by +1 or -1."""

    var: str
    lowers: list[dict]
    uppers: list[dict]
    step: int


def iterator_names(loops: tuple[Loop, ...]) -> tuple[str, ...]:
    return tuple(lp.var for lp in loops)


class ConstraintReader:
    """Reads loop headers and `if` conditions of one region. Each read names the iterators of
    the loops around it, outermost first; the expressions go through `exprs` in the modes
    "loop bound" and "if condition"."""

    def __init__(self, src: Source, symbols: RegionSymbols, exprs: ExpressionReader):
        self.src = src
        self.symbols = symbols
        self.exprs = exprs

    def bound_terms(self, e: Expr, kind: str, cur: ci.Cursor) -> list[dict]:
        """Affine pieces of a bound: i >= max(pieces) (kind "max") or i <= min(pieces) ("min")."""
        if isinstance(e, Select):
            mm = _minmax(e)
            if mm is None or mm[0] != kind:
                want = "MIN(...) in an upper bound or MAX(...) in a lower bound"
                raise self.src.error(f"conditional `?:` in loop bound `{self.src.text_of(cur)}` is only supported as "
                                     f"{want}", cur)
            return self.bound_terms(mm[1], kind, cur) + self.bound_terms(mm[2], kind, cur)
        if isinstance(e, Binary) and e.op in "+-" and (_has_select(e.lhs) or _has_select(e.rhs)):
            if e.op == "+" and _has_select(e.rhs) and not _has_select(e.lhs):
                e = Binary("+", e.rhs, e.lhs)
            if _has_select(e.rhs):
                raise self.src.error(f"unsupported conditional in loop bound `{self.src.text_of(cur)}`", cur)
            off = affine.of_expr(e.rhs)
            if off is None:
                raise self.src.error(f"non-affine loop bound `{self.src.text_of(cur)}`", cur)
            sign = 1 if e.op == "+" else -1
            return [affine.add(t, off, sign) for t in self.bound_terms(e.lhs, kind, cur)]
        a = affine.of_expr(e)
        if a is None:
            raise self.src.error(f"non-affine loop bound `{self.src.text_of(cur)}`", cur)
        return [a]

    def loop(self, cur: ci.Cursor, iterators: tuple[str, ...]) -> Loop:
        """The bounds and step of a `for` statement inside the loops `iterators`."""
        ch = children(cur)
        if len(ch) != 4:
            raise self.src.error("for loop must have an initialisation, a condition and an increment", cur)
        init, cond, inc, _body = ch
        var, decl, init_e = None, None, None
        if init.kind == K.BINARY_OPERATOR and binary_op(init) == "=":
            lhs, rhs = children(init)
            lhs = strip_implicit(lhs)
            if lhs.kind == K.DECL_REF_EXPR:
                var, decl, init_e = lhs.spelling, lhs.referenced, rhs
        elif init.kind == K.DECL_STMT:
            vs = children(init)
            if len(vs) == 1 and vs[0].kind == K.VAR_DECL:
                exprs = [c for c in children(vs[0]) if c.kind.is_expression()]
                if exprs:
                    var, decl, init_e = vs[0].spelling, vs[0], exprs[-1]
        if var is None:
            raise self.src.error(f"loop initialisation `{self.src.text_of(init)}` must be `i = e` or `int i = e`", init)
        if decl is None or decl.type.get_canonical().kind not in INTEGER_KINDS:
            raise self.src.error(f"loop iterator `{var}` must have an integer type", init)
        step = self.step(inc, var)
        unsigned = decl.type.get_canonical().kind in UNSIGNED_KINDS
        lp = Loop(var, [], [], step)
        e = self.exprs.expr(init_e, iterators, "loop bound", [])
        terms = self.bound_terms(e, "max" if step > 0 else "min", init_e)
        (lp.lowers if step > 0 else lp.uppers).extend(terms)
        conjuncts = [cond]
        while conjuncts:
            c = strip_implicit(conjuncts.pop(0))
            op = binary_op(c) if c.kind == K.BINARY_OPERATOR else ""
            if op == "&&":
                conjuncts[:0] = children(c)
                continue
            if op not in ("<", "<=", ">", ">="):
                raise self.src.error(f"loop condition `{self.src.text_of(c)}` must compare the iterator with "
                                     "<, <=, > or >=", c)
            lhs, rhs = children(c)
            if _is_var(lhs, var):
                bound = rhs
            elif _is_var(rhs, var):
                bound = lhs
                op = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
            else:
                self._general_condition(c, op, lhs, rhs, lp, iterators)
                continue
            upper = op in ("<", "<=")
            if upper != (step > 0):
                raise self.src.error(f"loop condition `{self.src.text_of(c)}` does not match the loop's step "
                                     "direction", c)
            be = self.exprs.expr(bound, iterators, "loop bound", [])
            terms = self.bound_terms(be, "min" if upper else "max", bound)
            if op == "<":
                terms = [affine.add(t, affine.const(-1)) for t in terms]
            elif op == ">":
                terms = [affine.add(t, affine.const(1)) for t in terms]
            (lp.uppers if upper else lp.lowers).extend(terms)
            self._check_bound_fits(terms, decl, var, bound)
            if unsigned and not upper and any(affine.constant_value(t) is not None and affine.constant_value(t) <= 0
                                              for t in terms):
                raise self.src.error(f"loop condition `{self.src.text_of(c)}` is always true for the unsigned "
                                     f"iterator `{var}`: the loop wraps around instead of ending", c)
        return lp

    def _check_bound_fits(self, terms: list[affine.Aff], decl: ci.Cursor, var: str, where: ci.Cursor) -> None:
        """A bound the iterator's type cannot hold makes the loop overflow (undefined
        behaviour) before its condition fails, so its domain is not what isl would model."""
        ctype = decl.type.get_canonical()
        bits = 8 * ctype.get_size()
        unsigned = ctype.kind in UNSIGNED_KINDS
        low, high = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        for t in terms:
            if any(isinstance(k, tuple) and k[0] == "i" for k in t):
                continue  # depends on outer iterators: checked through their own bounds
            value = t.get(1, 0)
            for k, c in t.items():
                if isinstance(k, tuple) and k[0] == "p":
                    if self.symbols.params.get(k[1]) is None:
                        break
                    value += c * self.symbols.params[k[1]]
            else:
                if not low <= value <= high:
                    raise self.src.error(f"loop bound {value} does not fit the iterator `{var}` of type "
                                         f"{ctype.spelling} (it would overflow)", where)

    def _general_condition(self, c: ci.Cursor, op: str, lhs: ci.Cursor, rhs: ci.Cursor, lp: Loop,
                           iterators: tuple[str, ...]) -> None:
        """A condition such as `i + 1 < n` or `2 * j <= i + n`: affine, iterator coefficient +-1."""
        inner = iterators + (lp.var,)
        a = affine.of_expr(self.exprs.expr(lhs, inner, "loop bound", []))
        b = affine.of_expr(self.exprs.expr(rhs, inner, "loop bound", []))
        if a is None or b is None:
            raise self.src.error(f"non-affine loop condition `{self.src.text_of(c)}`", c)
        # g >= 0
        g = {"<": affine.add(affine.add(b, a, -1), affine.const(-1)), "<=": affine.add(b, a, -1),
             ">": affine.add(affine.add(a, b, -1), affine.const(-1)), ">=": affine.add(a, b, -1)}[op]
        k = ("i", len(iterators))
        coef = g.get(k, 0)
        if coef not in (1, -1):
            raise self.src.error(f"loop condition `{self.src.text_of(c)}` must bound the iterator `{lp.var}` "
                                 "with coefficient 1", c)
        rest = {key: v for key, v in g.items() if key != k}
        upper = coef == -1  # -i + rest >= 0  <=>  i <= rest
        if upper != (lp.step > 0):
            raise self.src.error(f"loop condition `{self.src.text_of(c)}` does not match the loop's step direction", c)
        if upper:
            lp.uppers.append(rest)
        else:
            lp.lowers.append(affine.scale(rest, -1))

    def step(self, inc: ci.Cursor, var: str) -> int:
        """+1 or -1, from a loop's increment `var++`, `var -= 1`, `var = var + 1`, ..."""
        c = strip_implicit(inc)
        step = None
        if c.kind == K.UNARY_OPERATOR and _is_var(children(c)[0], var):
            step = INCREMENT_STEPS.get(unary_kind(c))
        elif c.kind in (K.COMPOUND_ASSIGNMENT_OPERATOR, K.BINARY_OPERATOR):
            op = binary_op(c)
            lhs, rhs = children(c)
            if _is_var(lhs, var):
                if op in ("+=", "-="):
                    v = _const_int(rhs)
                    if v is None:
                        raise self.src.error(f"loop step `{self.src.text_of(c)}` must be +1 or -1", c)
                    step = v if op == "+=" else -v
                elif op == "=":
                    r = strip_implicit(rhs)
                    if r.kind == K.BINARY_OPERATOR and binary_op(r) in ("+", "-"):
                        a, b = children(r)
                        if _is_var(a, var):
                            v = _const_int(b)
                            if v is not None:
                                step = v if binary_op(r) == "+" else -v
                        elif _is_var(b, var) and binary_op(r) == "+":
                            step = _const_int(a)
        if step is None:
            raise self.src.error(f"loop increment `{self.src.text_of(inc)}` must be `{var}++`, `{var}--`, `{var} += 1` "
                                 f"or `{var} -= 1`", inc)
        if step not in (1, -1):
            raise self.src.error(f"loop step must be +1 or -1 (`{self.src.text_of(inc)}`)", inc)
        return step

    def condition(self, cur: ci.Cursor, iterators: tuple[str, ...]) -> tuple:
        """An `if` condition as a condition tree (see the module docstring)."""
        c = strip_implicit(cur)
        while c.kind == K.PAREN_EXPR and len(children(c)) == 1:
            c = strip_implicit(children(c)[0])
        if c.kind == K.BINARY_OPERATOR:
            op = binary_op(c)
            lhs, rhs = children(c)
            if op in ("&&", "||"):
                return ("and" if op == "&&" else "or", self.condition(lhs, iterators), self.condition(rhs, iterators))
            if op in ("<", "<=", ">", ">=", "==", "!="):
                a = affine.of_expr(self.exprs.expr(lhs, iterators, "if condition", []))
                b = affine.of_expr(self.exprs.expr(rhs, iterators, "if condition", []))
                if a is None or b is None:
                    raise self.src.error(f"non-affine `if` condition `{self.src.text_of(c)}` (it must compare affine "
                                         "expressions of the loop iterators and sizes)", c)
                return ("cmp", a, op, b)
        if c.kind == K.UNARY_OPERATOR and unary_kind(c) == UNARY_LNOT:
            return ("not", self.condition(children(c)[0], iterators))
        raise self.src.error(f"`if` condition `{self.src.text_of(c)}` must compare affine expressions of the loop "
                             "iterators and sizes (with <, <=, >, >=, ==, !=, &&, || and !)", c)


_ISL_CMP = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "="}


def guard_set(cond: tuple, ptxt: str, tup: str, inames: list[str]) -> isl.Set:
    """The instances of statement `tup` (isl tuple text, iterators `inames`, parameters `ptxt`) where a
    condition tree holds."""
    kind = cond[0]
    if kind == "cmp":
        _, a, op, b = cond
        lhs, rhs = affine.to_isl(a, inames), affine.to_isl(b, inames)
        if op == "!=":
            return (isl.Set(ptxt + "{ " + tup + f" : {lhs} < {rhs}" + " }")
                    .union(isl.Set(ptxt + "{ " + tup + f" : {lhs} > {rhs}" + " }")))
        return isl.Set(ptxt + "{ " + tup + f" : {lhs} {_ISL_CMP[op]} {rhs}" + " }")
    if kind == "not":
        return guard_set(cond[1], ptxt, tup, inames).complement()
    a, b = guard_set(cond[1], ptxt, tup, inames), guard_set(cond[2], ptxt, tup, inames)
    return a.intersect(b) if kind == "and" else a.union(b)


def _has_select(e: Expr) -> bool:
    return any(isinstance(n, Select) for n in walk(e))


def _minmax(e: Select) -> tuple[str, Expr, Expr] | None:
    c = e.cond
    if not isinstance(c, Binary) or c.op not in ("<", "<=", ">", ">="):
        return None
    less = c.op in ("<", "<=")
    if e.then == c.lhs and e.other == c.rhs:
        return ("min" if less else "max", c.lhs, c.rhs)
    if e.then == c.rhs and e.other == c.lhs:
        return ("max" if less else "min", c.lhs, c.rhs)
    return None


def _const_int(cur: ci.Cursor) -> int | None:
    if any(c.kind in (K.DECL_REF_EXPR, K.CALL_EXPR) for c in cur.walk_preorder()):
        return None
    if cur.type.get_canonical().kind not in INTEGER_KINDS:
        return None
    return evaluate_int(cur)


def _is_var(cur: ci.Cursor, var: str) -> bool:
    c = strip_implicit(cur)
    return c.kind == K.DECL_REF_EXPR and c.spelling == var
