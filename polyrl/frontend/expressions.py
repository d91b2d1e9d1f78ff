"""C expressions of one region read into `polyrl.ir` expressions: literals, macros that stand for
constants, variables (loop iterators, size parameters, scalars), array references, operators,
casts, `?:` and calls of pure math functions.

Owns what an expression may contain, and the refusals that say why one cannot be part of a scop
(side effects, pointer arithmetic, data-dependent bounds or subscripts); not what its names are
(symbols.py) nor what a bound or guard built from it means (constraints.py).
"""

from __future__ import annotations

import re

import clang.cindex as ci
from clang.cindex import CursorKind as K
from clang.cindex import TypeKind

from polyrl.frontend import affine
from polyrl.frontend.clang_parse import (
    ARRAY_KINDS,
    ASSIGN_OPS,
    FLOAT_KINDS,
    IDENT_RE,
    INCREMENT_STEPS,
    INTEGER_KINDS,
    UNARY_ADDR,
    UNARY_DEREF,
    UNARY_LNOT,
    UNARY_MINUS,
    UNARY_NOT,
    UNARY_PLUS,
    Source,
    binary_op,
    children,
    evaluate_float,
    evaluate_int,
    spelling_offset,
    strip_implicit,
    unary_kind,
)
from polyrl.frontend.symbols import RegionSymbols, scalar_ctype
from polyrl.ir import ArrayRef, Binary, Call, Cast, Expr, Iter, Num, Scalar, Select, Unary

PURE_MATH = frozenset(
    f + s
    for f in (
        "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "fabs", "sin",
        "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
        "floor", "ceil", "round", "trunc", "rint", "nearbyint", "fmod", "fmax", "fmin", "fdim", "hypot",
        "erf", "erfc", "tgamma", "copysign", "fma",
    )
    for s in ("", "f", "l")
) | {"abs", "labs", "llabs"}
UNARY_SPELLING = {UNARY_PLUS: "+", UNARY_MINUS: "-", UNARY_NOT: "~", UNARY_LNOT: "!"}


class ExpressionReader:
    """Reads the expressions of one region, registering the names they use in `symbols`.

    Every read names the iterators of the loops around the expression (outermost first) and a
    `mode`, the role the expression plays: "rhs" (the value a statement computes; scalar and
    array reads are appended to `reads`), or "loop bound", "if condition" and "subscript", which
    must be affine and independent of data. The mode words also appear in the messages.
    """

    def __init__(self, src: Source, symbols: RegionSymbols):
        self.src = src
        self.symbols = symbols
        self._in_macro: str | None = None  # the macro whose expansion is being read, if any

    def _macro_at(self, cur: ci.Cursor) -> str | None:
        """The object-like macro whose expansion this expression comes from, when the cursor's
        extent in the file is exactly that macro's name."""
        ext = self.src.extent(cur)
        if ext is None or ext[1] <= ext[0]:
            return None
        raw = self.src.data[ext[0]:ext[1]]
        if not IDENT_RE.fullmatch(raw):
            return None
        name = raw.decode()
        return name if self.src.object_macro(name) is not None else None

    def macro_param(self, cur: ci.Cursor, name: str) -> Expr | None:
        """An expression that is the whole expansion of macro `name` and a constant."""
        if any(c.kind in (K.DECL_REF_EXPR, K.CALL_EXPR) for c in cur.walk_preorder()):
            return None
        tk = cur.type.get_canonical().kind
        if tk in INTEGER_KINDS:
            v = evaluate_int(cur)
            if v is None:
                return None
            return self.symbols.add_param(name, v)
        if tk in FLOAT_KINDS:
            lit = self.src.macro_literal(name)
            return Num(_float_suffix(lit, cur.type) if lit else name)
        return None

    def literal(self, cur: ci.Cursor) -> Expr:
        e = self._literal(cur)
        if isinstance(e, Num) and cur.kind == K.FLOATING_LITERAL:
            return Num(_float_suffix(e.text, cur.type))
        return e

    def _literal(self, cur: ci.Cursor) -> Expr:
        ext = self.src.extent(cur)
        if ext is not None and ext[1] > ext[0]:
            tok = self.src.token_at(ext[0])
            if tok is not None and tok[0] != "ident" and len(tok[1].encode()) == ext[1] - ext[0]:
                return Num(tok[1])
        f, off = spelling_offset(cur)
        if f is not None and self.src.is_main(f):
            tok = self.src.token_at(off)
            if tok is not None and tok[0] != "ident":
                return Num(tok[1])
            lit = self.src.macro_literal(tok[1]) if tok is not None else None
            if lit is not None:  # a macro that stands for just this literal
                if cur.kind == K.INTEGER_LITERAL:
                    v = evaluate_int(cur)
                    if v is not None:
                        return self.symbols.add_param(tok[1], v)
                return Num(lit)
        if cur.kind == K.INTEGER_LITERAL:
            v = evaluate_int(cur)
            if v is not None:
                return Num(str(v))
        if cur.kind == K.FLOATING_LITERAL:  # spelled inside a function-like macro's body
            d = evaluate_float(cur)
            if d is not None:
                suffix = "f" if cur.type.get_canonical().kind == TypeKind.FLOAT else ""
                return Num(repr(d) + suffix)
        raise self.src.error(f"cannot read the literal `{self.src.text_of(cur)}`", cur)

    def decl_ref(self, cur: ci.Cursor, iterators: tuple[str, ...], mode: str, reads: list) -> Expr:
        name = cur.spelling
        ref = cur.referenced
        if ref is None:
            raise self.src.error(f"unknown identifier `{name}`", cur)
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return self.symbols.add_param(name, ref.enum_value)
        if ref.kind == K.FUNCTION_DECL:
            raise self.src.error(f"function `{name}` used as a value", cur)
        if ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            raise self.src.error(f"unsupported use of `{name}`", cur)
        for k in range(len(iterators) - 1, -1, -1):
            if iterators[k] == name:
                return Iter(k)
        if name in self.symbols.iter_vars:
            raise self.src.error(f"loop iterator `{name}` used outside its loop", cur)
        tc = ref.type.get_canonical()
        if tc.kind in ARRAY_KINDS:
            raise self.src.error(f"pointer arithmetic / array `{name}` used without subscripts is not supported",
                                 cur)
        if tc.kind not in INTEGER_KINDS and tc.kind not in FLOAT_KINDS:
            raise self.src.error(f"variable `{name}` of type `{ref.type.spelling}` is not supported in a scop", cur)
        if mode != "rhs":
            if name in self.symbols.written:
                raise self.src.error(f"{mode} depends on data (`{name}` is assigned in the scop)", cur)
            if tc.kind not in INTEGER_KINDS:
                raise self.src.error(f"{mode} uses the non-integer variable `{name}`", cur)
            return self.symbols.add_param(name, None)
        if tc.kind in INTEGER_KINDS and name not in self.symbols.written:
            return self.symbols.add_param(name, None)
        self.symbols.add_scalar(name, ref, cur)
        s = Scalar(name)
        reads.append(s)
        return s

    def array_ref(self, cur: ci.Cursor, iterators: tuple[str, ...]) -> ArrayRef:
        subs: list[ci.Cursor] = []
        c = strip_implicit(cur)
        while c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            ch = children(c)
            if len(ch) != 2:
                raise self.src.error(f"unsupported array access `{self.src.text_of(cur)}`", cur)
            subs.append(ch[1])
            c = strip_implicit(ch[0])
        subs.reverse()
        if c.kind == K.MEMBER_REF_EXPR:
            raise self.src.error(f"struct member access `{self.src.text_of(c)}` is not supported in a scop", c)
        if c.kind != K.DECL_REF_EXPR:
            raise self.src.error(f"pointer arithmetic / computed array base `{self.src.text_of(c)}` is not "
                                 "supported", c)
        name = c.spelling
        ref = c.referenced
        if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            raise self.src.error(f"unsupported array `{name}`", c)
        if ref.type.get_canonical().kind not in ARRAY_KINDS:
            raise self.src.error(f"`{name}` is subscripted but is not an array", c)
        arr = self.symbols.add_array(name, ref, c)
        if len(subs) != len(arr.dims):
            raise self.src.error(f"array `{name}` has {len(arr.dims)} dimension(s) but is accessed with "
                                 f"{len(subs)} subscript(s) in `{self.src.text_of(cur)}`", cur)
        return ArrayRef(name, tuple(self.affine_expr(s, iterators, "subscript") for s in subs))

    def affine_expr(self, cur: ci.Cursor, iterators: tuple[str, ...], mode: str) -> Expr:
        e = self.expr(cur, iterators, mode, [])
        if affine.of_expr(e) is None:
            where = " in array access" if mode == "subscript" else ""
            raise self.src.error(f"non-affine {mode} `{self.src.text_of(cur)}`{where}", cur)
        return e

    def expr(self, cur: ci.Cursor, iterators: tuple[str, ...], mode: str, reads: list) -> Expr:
        if cur.kind == K.UNEXPOSED_EXPR:  # implicit conversions: the converted operand decides
            return self._expr(cur, iterators, mode, reads)
        name = self._macro_at(cur)
        if name is None or name == self._in_macro:
            return self._expr(cur, iterators, mode, reads)
        m = self.macro_param(cur, name)
        if m is not None:
            return m
        saved, self._in_macro = self._in_macro, name  # sub-expressions are parts of this expansion
        try:
            return self._expr(cur, iterators, mode, reads)
        finally:
            self._in_macro = saved

    def _expr(self, cur: ci.Cursor, iterators: tuple[str, ...], mode: str, reads: list) -> Expr:
        k = cur.kind
        ch = children(cur)
        if k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            if len(ch) == 1:
                return self.expr(ch[0], iterators, mode, reads)
            raise self.src.error(f"unsupported expression `{self.src.text_of(cur)}`", cur)
        if k in (K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CHARACTER_LITERAL):
            return self.literal(cur)
        if k == K.DECL_REF_EXPR:
            return self.decl_ref(cur, iterators, mode, reads)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            if mode in ("loop bound", "if condition"):
                raise self.src.error(f"{mode} depends on data (`{self.src.text_of(cur)}`)", cur)
            if mode == "subscript":
                raise self.src.error(f"non-affine subscript `{self.src.text_of(cur)}` in array access "
                                     "(depends on data)", cur)
            ref = self.array_ref(cur, iterators)
            reads.append(ref)
            return ref
        if k == K.UNARY_OPERATOR:
            uk = unary_kind(cur)
            if uk in INCREMENT_STEPS:
                raise self.src.error(f"increment/decrement inside an expression (`{self.src.text_of(cur)}`) has side "
                                     "effects", cur)
            if uk == UNARY_DEREF:
                raise self.src.error(f"pointer dereference `{self.src.text_of(cur)}` (pointer arithmetic) is not "
                                     "supported; use array subscripts", cur)
            if uk == UNARY_ADDR:
                raise self.src.error(f"taking an address (`{self.src.text_of(cur)}`) is not supported in a scop", cur)
            if uk not in UNARY_SPELLING or len(ch) != 1:
                raise self.src.error(f"unsupported operator in `{self.src.text_of(cur)}`", cur)
            return Unary(UNARY_SPELLING[uk], self.expr(ch[0], iterators, mode, reads))
        if k == K.BINARY_OPERATOR:
            op = binary_op(cur)
            if op in ASSIGN_OPS:
                raise self.src.error(f"assignment inside an expression (`{self.src.text_of(cur)}`) is not "
                                     "supported", cur)
            if op == ",":
                raise self.src.error(f"comma operator in `{self.src.text_of(cur)}` is not supported", cur)
            if len(ch) != 2:
                raise self.src.error(f"unsupported expression `{self.src.text_of(cur)}`", cur)
            for side in ch:
                if side.type.get_canonical().kind in ARRAY_KINDS:
                    if strip_implicit(side).kind == K.ARRAY_SUBSCRIPT_EXPR:
                        self.array_ref(side, iterators)  # reports the missing subscripts
                    if strip_implicit(side).kind == K.UNARY_OPERATOR:
                        self.expr(side, iterators, mode, [])  # reports `&x` / `*p`
                    raise self.src.error(f"pointer arithmetic `{self.src.text_of(cur)}` is not supported", cur)
            return Binary(op, self.expr(ch[0], iterators, mode, reads), self.expr(ch[1], iterators, mode, reads))
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            raise self.src.error(f"assignment inside an expression (`{self.src.text_of(cur)}`) is not supported", cur)
        if k == K.CONDITIONAL_OPERATOR and len(ch) == 3:
            return Select(*(self.expr(c, iterators, mode, reads) for c in ch))
        if k == K.CSTYLE_CAST_EXPR and ch:
            ctype = scalar_ctype(cur.type)
            if ctype is None:
                raise self.src.error(f"cast to `{cur.type.spelling}` is not supported", cur)
            return Cast(ctype, self.expr(ch[-1], iterators, mode, reads))
        if k == K.CALL_EXPR:
            fname = cur.spelling
            if fname not in PURE_MATH:
                raise self.src.error(f"call to `{fname or self.src.text_of(cur)}` may have side effects "
                                     "(only pure math functions are allowed)", cur)
            return Call(fname, tuple(self.expr(a, iterators, mode, reads) for a in cur.get_arguments()))
        if k == K.MEMBER_REF_EXPR:
            raise self.src.error(f"struct member access `{self.src.text_of(cur)}` is not supported in a scop", cur)
        if k == K.STRING_LITERAL:
            raise self.src.error("string literals are not supported in a scop", cur)
        raise self.src.error(f"unsupported expression `{self.src.text_of(cur)}`", cur)


def _float_suffix(text: str, t: ci.Type) -> str:
    """Make a floating literal's suffix match its type (`SCALAR_VAL(x) x##f` pastes an `f` that
    the spelling location does not show)."""
    if not re.fullmatch(r"(?:\d|\.\d)[\w.+-]*", text) or text.lower().startswith("0x"):
        return text
    kind = t.get_canonical().kind
    base = text[:-1] if text[-1] in "fFlL" else text
    if kind == TypeKind.FLOAT:
        return base + "f"
    if kind == TypeKind.LONGDOUBLE:
        return base + "L"
    return base

