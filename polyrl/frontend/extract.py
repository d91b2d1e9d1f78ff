"""Finding the static control parts of a parsed C file and turning them into `ir.Scop`s."""

from __future__ import annotations

import re
from dataclasses import dataclass

import clang.cindex as ci
import islpy as isl
from clang.cindex import CursorKind as K
from clang.cindex import TypeKind

from polyrl.errors import PolyrlError
from polyrl.frontend import affine
from polyrl.frontend.clang_parse import (
    ARRAY_KINDS,
    IDENT_RE,
    INTEGER_KINDS,
    UNARY_ADDR,
    UNARY_DEREF,
    UNARY_LNOT,
    UNARY_MINUS,
    UNARY_NOT,
    UNARY_PLUS,
    UNARY_POST_DEC,
    UNARY_POST_INC,
    UNARY_PRE_DEC,
    UNARY_PRE_INC,
    UNSIGNED_KINDS,
    Source,
    binary_op,
    evaluate_float,
    evaluate_int,
    spelling_offset,
    unary_kind,
)
from polyrl.ir import (
    Array,
    ArrayRef,
    Binary,
    Call,
    Cast,
    Expr,
    Iter,
    Num,
    Param,
    Scalar,
    Scop,
    Select,
    Statement,
    Unary,
)

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

FLOAT_KINDS = {TypeKind.FLOAT, TypeKind.DOUBLE, TypeKind.LONGDOUBLE}
ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
STMT_OPS = {"=", "+=", "-=", "*=", "/="}
JUMPS = {K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.RETURN_STMT}
PRAGMA_RE = re.compile(rb"^[ \t]*#[ \t]*pragma[ \t]+(scop|endscop)\b[^\n]*", re.MULTILINE)
OTHER_PRAGMA_RE = re.compile(rb"[ \t]*#[ \t]*pragma[ \t]+(?!scop\b|endscop\b)\w")
UNARY_SPELLING = {UNARY_PLUS: "+", UNARY_MINUS: "-", UNARY_NOT: "~", UNARY_LNOT: "!"}


def _children(cur: ci.Cursor) -> list[ci.Cursor]:
    return list(cur.get_children())


def _strip(cur: ci.Cursor) -> ci.Cursor:
    """Look through implicit casts and parentheses."""
    while cur.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        ch = _children(cur)
        if len(ch) != 1:
            break
        cur = ch[0]
    return cur


def _scalar_ctype(t: ci.Type) -> str | None:
    tc = t.get_canonical()
    if tc.kind not in INTEGER_KINDS and tc.kind not in FLOAT_KINDS:
        return None
    words = [w for w in tc.spelling.split() if w not in ("const", "volatile", "restrict")]
    return " ".join(words)


@dataclass
class _Loop:
    var: str
    lowers: list[dict]
    uppers: list[dict]
    step: int


@dataclass
class _Stmt:
    loops: tuple[_Loop, ...]
    positions: tuple[int, ...]
    lhs: ArrayRef | Scalar
    op: str
    rhs: Expr
    reads: list[ArrayRef | Scalar]
    line: int
    text: str
    cursor: ci.Cursor
    # affine `if` conditions around the statement, outermost first: (condition, holds, text), where
    # a condition is ("cmp", aff, op, aff) | ("and"|"or", c, c) | ("not", c) over the loops
    # enclosing the `if` (a prefix of `loops`); holds is False in the `else` branch; then the
    # condition as written
    guards: tuple = ()


class _Region:
    """Extraction state for one candidate region (a list of statements of one block)."""

    def __init__(self, src: Source, func: ci.Cursor, items: list[ci.Cursor]):
        self.src = src
        self.func = func
        self.items = items
        self.params: dict[str, int | None] = {}
        self.arrays: dict[str, Array] = {}
        self.local_decls: list[str] = []
        self.stmts: list[_Stmt] = []
        self.written: set[str] = set()
        self.iter_vars: set[str] = set()
        self._in_macro: str | None = None
        for it in items:
            self._prescan(it)

    # ------------------------------------------------------------ helpers
    def err(self, message: str, cur: ci.Cursor | None) -> PolyrlError:
        return self.src.error(message, cur)

    def text(self, cur: ci.Cursor) -> str:
        return self.src.text_of(cur)

    def _prescan(self, root: ci.Cursor) -> None:
        for c in root.walk_preorder():
            k = c.kind
            target = None
            if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                if binary_op(c) in ASSIGN_OPS:
                    ch = _children(c)
                    target = _strip(ch[0]) if ch else None
            elif k == K.UNARY_OPERATOR and unary_kind(c) in (UNARY_POST_INC, UNARY_POST_DEC, UNARY_PRE_INC,
                                                              UNARY_PRE_DEC):
                ch = _children(c)
                target = _strip(ch[0]) if ch else None
            elif k == K.VAR_DECL:
                self.written.add(c.spelling)
            elif k == K.FOR_STMT:
                ch = _children(c)
                if ch:
                    init = ch[0]
                    if init.kind == K.DECL_STMT:
                        for v in _children(init):
                            if v.kind == K.VAR_DECL:
                                self.iter_vars.add(v.spelling)
                    elif init.kind == K.BINARY_OPERATOR:
                        ich = _children(init)
                        if ich and _strip(ich[0]).kind == K.DECL_REF_EXPR:
                            self.iter_vars.add(_strip(ich[0]).spelling)
            if target is not None and target.kind == K.DECL_REF_EXPR:
                self.written.add(target.spelling)

    def add_param(self, name: str, value: int | None) -> Param:
        if name not in self.params or self.params[name] is None:
            self.params[name] = value
        return Param(name)

    def add_scalar(self, name: str, decl: ci.Cursor, use: ci.Cursor) -> None:
        if name in self.arrays:
            return
        ctype = _scalar_ctype(decl.type)
        if ctype is None:
            raise self.err(f"variable `{name}` has unsupported type `{decl.type.spelling}`", use)
        self.arrays[name] = Array(name, ctype, ())

    def add_array(self, name: str, decl: ci.Cursor, use: ci.Cursor) -> Array:
        if name in self.arrays:
            return self.arrays[name]
        t = decl.type
        dims: list[int | None] = []
        while True:
            tc = t.get_canonical()
            if tc.kind == TypeKind.CONSTANTARRAY:
                dims.append(tc.get_array_size())
                t = tc.element_type
            elif tc.kind in (TypeKind.INCOMPLETEARRAY, TypeKind.VARIABLEARRAY):
                dims.append(None)
                t = tc.element_type
            elif tc.kind == TypeKind.POINTER:
                if dims or tc.get_pointee().get_canonical().kind == TypeKind.POINTER:
                    raise self.err(f"array `{name}` of type `{decl.type.spelling}` uses pointers to "
                                   "pointers; use a multi-dimensional array", use)
                if decl.kind != K.PARM_DECL:
                    # a pointer variable may point into another array (`double *B = A + 1`);
                    # distinct array parameters are assumed not to overlap, as in PolyBench
                    raise self.err(f"array `{name}` is a pointer variable that may alias another array; "
                                   "declare it as an array or pass it as a function parameter", use)
                dims.append(None)
                t = tc.get_pointee()
            else:
                break
        ctype = _scalar_ctype(t)
        if ctype is None:
            raise self.err(f"array `{name}` has unsupported element type `{t.spelling}`", use)
        if decl.kind == K.PARM_DECL and dims:
            dims[0] = None
        arr = Array(name, ctype, tuple(dims))
        self.arrays[name] = arr
        return arr

    # ------------------------------------------------------------ expressions
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
            return self.add_param(name, v)
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
                        return self.add_param(tok[1], v)
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
        raise self.err(f"cannot read the literal `{self.text(cur)}`", cur)

    def decl_ref(self, cur: ci.Cursor, loops: tuple[_Loop, ...], mode: str, reads: list) -> Expr:
        name = cur.spelling
        ref = cur.referenced
        if ref is None:
            raise self.err(f"unknown identifier `{name}`", cur)
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return self.add_param(name, ref.enum_value)
        if ref.kind == K.FUNCTION_DECL:
            raise self.err(f"function `{name}` used as a value", cur)
        if ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            raise self.err(f"unsupported use of `{name}`", cur)
        for k in range(len(loops) - 1, -1, -1):
            if loops[k].var == name:
                return Iter(k)
        if name in self.iter_vars:
            raise self.err(f"loop iterator `{name}` used outside its loop", cur)
        tc = ref.type.get_canonical()
        if tc.kind in ARRAY_KINDS:
            raise self.err(f"pointer arithmetic / array `{name}` used without subscripts is not supported",
                           cur)
        if tc.kind not in INTEGER_KINDS and tc.kind not in FLOAT_KINDS:
            raise self.err(f"variable `{name}` of type `{ref.type.spelling}` is not supported in a scop", cur)
        if mode != "rhs":
            if name in self.written:
                raise self.err(f"{mode} depends on data (`{name}` is assigned in the scop)", cur)
            if tc.kind not in INTEGER_KINDS:
                raise self.err(f"{mode} uses the non-integer variable `{name}`", cur)
            return self.add_param(name, None)
        if tc.kind in INTEGER_KINDS and name not in self.written:
            return self.add_param(name, None)
        self.add_scalar(name, ref, cur)
        s = Scalar(name)
        reads.append(s)
        return s

    def array_ref(self, cur: ci.Cursor, loops: tuple[_Loop, ...]) -> ArrayRef:
        subs: list[ci.Cursor] = []
        c = _strip(cur)
        while c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            ch = _children(c)
            if len(ch) != 2:
                raise self.err(f"unsupported array access `{self.text(cur)}`", cur)
            subs.append(ch[1])
            c = _strip(ch[0])
        subs.reverse()
        if c.kind == K.MEMBER_REF_EXPR:
            raise self.err(f"struct member access `{self.text(c)}` is not supported in a scop", c)
        if c.kind != K.DECL_REF_EXPR:
            raise self.err(f"pointer arithmetic / computed array base `{self.text(c)}` is not supported", c)
        name = c.spelling
        ref = c.referenced
        if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            raise self.err(f"unsupported array `{name}`", c)
        if ref.type.get_canonical().kind not in ARRAY_KINDS:
            raise self.err(f"`{name}` is subscripted but is not an array", c)
        arr = self.add_array(name, ref, c)
        if len(subs) != len(arr.dims):
            raise self.err(f"array `{name}` has {len(arr.dims)} dimension(s) but is accessed with "
                           f"{len(subs)} subscript(s) in `{self.text(cur)}`", cur)
        return ArrayRef(name, tuple(self.affine_expr(s, loops, "subscript") for s in subs))

    def affine_expr(self, cur: ci.Cursor, loops: tuple[_Loop, ...], mode: str) -> Expr:
        e = self.expr(cur, loops, mode, [])
        if affine.of_expr(e) is None:
            where = " in array access" if mode == "subscript" else ""
            raise self.err(f"non-affine {mode} `{self.text(cur)}`{where}", cur)
        return e

    def expr(self, cur: ci.Cursor, loops: tuple[_Loop, ...], mode: str, reads: list) -> Expr:
        if cur.kind == K.UNEXPOSED_EXPR:  # implicit conversions: the converted operand decides
            return self._expr(cur, loops, mode, reads)
        name = self._macro_at(cur)
        if name is None or name == self._in_macro:
            return self._expr(cur, loops, mode, reads)
        m = self.macro_param(cur, name)
        if m is not None:
            return m
        saved, self._in_macro = self._in_macro, name  # sub-expressions are parts of this expansion
        try:
            return self._expr(cur, loops, mode, reads)
        finally:
            self._in_macro = saved

    def _expr(self, cur: ci.Cursor, loops: tuple[_Loop, ...], mode: str, reads: list) -> Expr:
        k = cur.kind
        ch = _children(cur)
        if k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            if len(ch) == 1:
                return self.expr(ch[0], loops, mode, reads)
            raise self.err(f"unsupported expression `{self.text(cur)}`", cur)
        if k in (K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CHARACTER_LITERAL):
            return self.literal(cur)
        if k == K.DECL_REF_EXPR:
            return self.decl_ref(cur, loops, mode, reads)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            if mode in ("loop bound", "if condition"):
                raise self.err(f"{mode} depends on data (`{self.text(cur)}`)", cur)
            if mode == "subscript":
                raise self.err(f"non-affine subscript `{self.text(cur)}` in array access (depends on data)",
                               cur)
            ref = self.array_ref(cur, loops)
            reads.append(ref)
            return ref
        if k == K.UNARY_OPERATOR:
            uk = unary_kind(cur)
            if uk in (UNARY_POST_INC, UNARY_POST_DEC, UNARY_PRE_INC, UNARY_PRE_DEC):
                raise self.err(f"increment/decrement inside an expression (`{self.text(cur)}`) has side "
                               "effects", cur)
            if uk == UNARY_DEREF:
                raise self.err(f"pointer dereference `{self.text(cur)}` (pointer arithmetic) is not "
                               "supported; use array subscripts", cur)
            if uk == UNARY_ADDR:
                raise self.err(f"taking an address (`{self.text(cur)}`) is not supported in a scop", cur)
            if uk not in UNARY_SPELLING or len(ch) != 1:
                raise self.err(f"unsupported operator in `{self.text(cur)}`", cur)
            return Unary(UNARY_SPELLING[uk], self.expr(ch[0], loops, mode, reads))
        if k == K.BINARY_OPERATOR:
            op = binary_op(cur)
            if op in ASSIGN_OPS:
                raise self.err(f"assignment inside an expression (`{self.text(cur)}`) is not supported", cur)
            if op == ",":
                raise self.err(f"comma operator in `{self.text(cur)}` is not supported", cur)
            if len(ch) != 2:
                raise self.err(f"unsupported expression `{self.text(cur)}`", cur)
            for side in ch:
                if side.type.get_canonical().kind in ARRAY_KINDS:
                    if _strip(side).kind == K.ARRAY_SUBSCRIPT_EXPR:
                        self.array_ref(side, loops)  # reports the missing subscripts
                    if _strip(side).kind == K.UNARY_OPERATOR:
                        self.expr(side, loops, mode, [])  # reports `&x` / `*p`
                    raise self.err(f"pointer arithmetic `{self.text(cur)}` is not supported", cur)
            return Binary(op, self.expr(ch[0], loops, mode, reads), self.expr(ch[1], loops, mode, reads))
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            raise self.err(f"assignment inside an expression (`{self.text(cur)}`) is not supported", cur)
        if k == K.CONDITIONAL_OPERATOR and len(ch) == 3:
            return Select(*(self.expr(c, loops, mode, reads) for c in ch))
        if k == K.CSTYLE_CAST_EXPR and ch:
            ctype = _scalar_ctype(cur.type)
            if ctype is None:
                raise self.err(f"cast to `{cur.type.spelling}` is not supported", cur)
            return Cast(ctype, self.expr(ch[-1], loops, mode, reads))
        if k == K.CALL_EXPR:
            fname = cur.spelling
            if fname not in PURE_MATH:
                raise self.err(f"call to `{fname or self.text(cur)}` may have side effects "
                               "(only pure math functions are allowed)", cur)
            return Call(fname, tuple(self.expr(a, loops, mode, reads) for a in cur.get_arguments()))
        if k == K.MEMBER_REF_EXPR:
            raise self.err(f"struct member access `{self.text(cur)}` is not supported in a scop", cur)
        if k == K.STRING_LITERAL:
            raise self.err("string literals are not supported in a scop", cur)
        raise self.err(f"unsupported expression `{self.text(cur)}`", cur)

    # ------------------------------------------------------------ loops
    def _is_var(self, cur: ci.Cursor, var: str) -> bool:
        c = _strip(cur)
        return c.kind == K.DECL_REF_EXPR and c.spelling == var

    def bound_terms(self, e: Expr, kind: str, cur: ci.Cursor) -> list[dict]:
        """Affine pieces of a bound: i >= max(pieces) (kind "max") or i <= min(pieces) ("min")."""
        if isinstance(e, Select):
            mm = _minmax(e)
            if mm is None or mm[0] != kind:
                want = "MIN(...) in an upper bound or MAX(...) in a lower bound"
                raise self.err(f"conditional `?:` in loop bound `{self.text(cur)}` is only supported as "
                               f"{want}", cur)
            return self.bound_terms(mm[1], kind, cur) + self.bound_terms(mm[2], kind, cur)
        if isinstance(e, Binary) and e.op in "+-" and (_has_select(e.lhs) or _has_select(e.rhs)):
            if e.op == "+" and _has_select(e.rhs) and not _has_select(e.lhs):
                e = Binary("+", e.rhs, e.lhs)
            if _has_select(e.rhs):
                raise self.err(f"unsupported conditional in loop bound `{self.text(cur)}`", cur)
            off = affine.of_expr(e.rhs)
            if off is None:
                raise self.err(f"non-affine loop bound `{self.text(cur)}`", cur)
            sign = 1 if e.op == "+" else -1
            return [affine.add(t, off, sign) for t in self.bound_terms(e.lhs, kind, cur)]
        a = affine.of_expr(e)
        if a is None:
            raise self.err(f"non-affine loop bound `{self.text(cur)}`", cur)
        return [a]

    def loop(self, cur: ci.Cursor, loops: tuple[_Loop, ...]) -> _Loop:
        ch = _children(cur)
        if len(ch) != 4:
            raise self.err("for loop must have an initialisation, a condition and an increment", cur)
        init, cond, inc, _body = ch
        var, decl, init_e = None, None, None
        if init.kind == K.BINARY_OPERATOR and binary_op(init) == "=":
            lhs, rhs = _children(init)
            lhs = _strip(lhs)
            if lhs.kind == K.DECL_REF_EXPR:
                var, decl, init_e = lhs.spelling, lhs.referenced, rhs
        elif init.kind == K.DECL_STMT:
            vs = _children(init)
            if len(vs) == 1 and vs[0].kind == K.VAR_DECL:
                exprs = [c for c in _children(vs[0]) if c.kind.is_expression()]
                if exprs:
                    var, decl, init_e = vs[0].spelling, vs[0], exprs[-1]
        if var is None:
            raise self.err(f"loop initialisation `{self.text(init)}` must be `i = e` or `int i = e`", init)
        if decl is None or decl.type.get_canonical().kind not in INTEGER_KINDS:
            raise self.err(f"loop iterator `{var}` must have an integer type", init)
        step = self.step(inc, var)
        unsigned = decl.type.get_canonical().kind in UNSIGNED_KINDS
        lp = _Loop(var, [], [], step)
        e = self.expr(init_e, loops, "loop bound", [])
        terms = self.bound_terms(e, "max" if step > 0 else "min", init_e)
        (lp.lowers if step > 0 else lp.uppers).extend(terms)
        conjuncts = [cond]
        while conjuncts:
            c = _strip(conjuncts.pop(0))
            op = binary_op(c) if c.kind == K.BINARY_OPERATOR else ""
            if op == "&&":
                conjuncts[:0] = _children(c)
                continue
            if op not in ("<", "<=", ">", ">="):
                raise self.err(f"loop condition `{self.text(c)}` must compare the iterator with "
                               "<, <=, > or >=", c)
            lhs, rhs = _children(c)
            if self._is_var(lhs, var):
                bound = rhs
            elif self._is_var(rhs, var):
                bound = lhs
                op = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
            else:
                self._general_condition(c, op, lhs, rhs, lp, loops)
                continue
            upper = op in ("<", "<=")
            if upper != (step > 0):
                raise self.err(f"loop condition `{self.text(c)}` does not match the loop's step direction", c)
            be = self.expr(bound, loops, "loop bound", [])
            terms = self.bound_terms(be, "min" if upper else "max", bound)
            if op == "<":
                terms = [affine.add(t, affine.const(-1)) for t in terms]
            elif op == ">":
                terms = [affine.add(t, affine.const(1)) for t in terms]
            (lp.uppers if upper else lp.lowers).extend(terms)
            self._check_bound_fits(terms, decl, var, bound)
            if unsigned and not upper and any(affine.constant_value(t) is not None and affine.constant_value(t) <= 0
                                              for t in terms):
                raise self.err(f"loop condition `{self.text(c)}` is always true for the unsigned iterator `{var}`: "
                               "the loop wraps around instead of ending", c)
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
                    if self.params.get(k[1]) is None:
                        break
                    value += c * self.params[k[1]]
            else:
                if not low <= value <= high:
                    raise self.err(f"loop bound {value} does not fit the iterator `{var}` of type "
                                   f"{ctype.spelling} (it would overflow)", where)

    def _general_condition(self, c: ci.Cursor, op: str, lhs: ci.Cursor, rhs: ci.Cursor, lp: _Loop,
                           loops: tuple[_Loop, ...]) -> None:
        """A condition such as `i + 1 < n` or `2 * j <= i + n`: affine, iterator coefficient +-1."""
        inner = loops + (lp,)
        a = affine.of_expr(self.expr(lhs, inner, "loop bound", []))
        b = affine.of_expr(self.expr(rhs, inner, "loop bound", []))
        if a is None or b is None:
            raise self.err(f"non-affine loop condition `{self.text(c)}`", c)
        # g >= 0
        g = {"<": affine.add(affine.add(b, a, -1), affine.const(-1)), "<=": affine.add(b, a, -1),
             ">": affine.add(affine.add(a, b, -1), affine.const(-1)), ">=": affine.add(a, b, -1)}[op]
        k = ("i", len(loops))
        coef = g.get(k, 0)
        if coef not in (1, -1):
            raise self.err(f"loop condition `{self.text(c)}` must bound the iterator `{lp.var}` "
                           "with coefficient 1", c)
        rest = {key: v for key, v in g.items() if key != k}
        upper = coef == -1  # -i + rest >= 0  <=>  i <= rest
        if upper != (lp.step > 0):
            raise self.err(f"loop condition `{self.text(c)}` does not match the loop's step direction", c)
        if upper:
            lp.uppers.append(rest)
        else:
            lp.lowers.append(affine.scale(rest, -1))

    def step(self, inc: ci.Cursor, var: str) -> int:
        c = _strip(inc)
        step = None
        if c.kind == K.UNARY_OPERATOR and self._is_var(_children(c)[0], var):
            steps = {UNARY_POST_INC: 1, UNARY_PRE_INC: 1, UNARY_POST_DEC: -1, UNARY_PRE_DEC: -1}
            step = steps.get(unary_kind(c))
        elif c.kind in (K.COMPOUND_ASSIGNMENT_OPERATOR, K.BINARY_OPERATOR):
            op = binary_op(c)
            lhs, rhs = _children(c)
            if self._is_var(lhs, var):
                if op in ("+=", "-="):
                    v = _const_int(rhs)
                    if v is None:
                        raise self.err(f"loop step `{self.text(c)}` must be +1 or -1", c)
                    step = v if op == "+=" else -v
                elif op == "=":
                    r = _strip(rhs)
                    if r.kind == K.BINARY_OPERATOR and binary_op(r) in ("+", "-"):
                        a, b = _children(r)
                        if self._is_var(a, var):
                            v = _const_int(b)
                            if v is not None:
                                step = v if binary_op(r) == "+" else -v
                        elif self._is_var(b, var) and binary_op(r) == "+":
                            step = _const_int(a)
        if step is None:
            raise self.err(f"loop increment `{self.text(inc)}` must be `{var}++`, `{var}--`, `{var} += 1` "
                           f"or `{var} -= 1`", inc)
        if step not in (1, -1):
            raise self.err(f"loop step must be +1 or -1 (`{self.text(inc)}`)", inc)
        return step

    # ------------------------------------------------------------ statements
    def _flatten(self, items: list[ci.Cursor]):
        for it in items:
            if it.kind == K.COMPOUND_STMT:
                yield from self._flatten(_children(it))
            elif it.kind == K.DECL_STMT:
                for d in _children(it):
                    if d.kind != K.VAR_DECL:
                        raise self.err(f"unsupported declaration `{self.text(d)}` in a scop", d)
                    yield d
            else:
                yield it

    def walk(self, items: list[ci.Cursor], loops: tuple[_Loop, ...], prefix: tuple[int, ...],
             guards: tuple = (), start: int = 0) -> int:
        """Statements of `items` at positions start, start+1, ... of `prefix`; the statements of an
        `if` take their places in the enclosing sequence, guarded. Returns the next position."""
        pos = start
        for it in self._flatten(items):
            if it.kind == K.IF_STMT:
                ch = _children(it)
                cond = self.condition(ch[0], loops)
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
            self._add(prev, "=", self.expr(e, loops, "rhs", reads), reads, loops, prefix + (pos,), it, guards)
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
        return " ".join(self.text(_children(cur)[0]).split())

    def condition(self, cur: ci.Cursor, loops: tuple[_Loop, ...]) -> tuple:
        """An `if` condition as a tree of affine comparisons (see _Stmt.guards)."""
        c = _strip(cur)
        while c.kind == K.PAREN_EXPR and len(_children(c)) == 1:
            c = _strip(_children(c)[0])
        if c.kind == K.BINARY_OPERATOR:
            op = binary_op(c)
            lhs, rhs = _children(c)
            if op in ("&&", "||"):
                return ("and" if op == "&&" else "or", self.condition(lhs, loops), self.condition(rhs, loops))
            if op in ("<", "<=", ">", ">=", "==", "!="):
                a = affine.of_expr(self.expr(lhs, loops, "if condition", []))
                b = affine.of_expr(self.expr(rhs, loops, "if condition", []))
                if a is None or b is None:
                    raise self.err(f"non-affine `if` condition `{self.text(c)}` (it must compare affine "
                                   "expressions of the loop iterators and sizes)", c)
                return ("cmp", a, op, b)
        if c.kind == K.UNARY_OPERATOR and unary_kind(c) == UNARY_LNOT:
            return ("not", self.condition(_children(c)[0], loops))
        raise self.err(f"`if` condition `{self.text(c)}` must compare affine expressions of the loop "
                       "iterators and sizes (with <, <=, >, >=, ==, !=, &&, || and !)", c)

    def item(self, cur: ci.Cursor, loops: tuple[_Loop, ...], positions: tuple[int, ...],
             guards: tuple = ()) -> None:
        k = cur.kind
        if k == K.FOR_STMT:
            lp = self.loop(cur, loops)
            self.walk([_children(cur)[3]], loops + (lp,), positions, guards)
        elif k == K.NULL_STMT:
            return
        elif k == K.BINARY_OPERATOR and binary_op(cur) == "=":
            self.assignment(cur, loops, positions, "=", guards)
        elif k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            op = binary_op(cur)
            if op not in STMT_OPS:
                raise self.err(f"compound assignment `{op}` is not supported; write `x = x {op[:-1]} e`", cur)
            self.assignment(cur, loops, positions, op, guards)
        elif k == K.UNARY_OPERATOR and unary_kind(cur) in (UNARY_POST_INC, UNARY_PRE_INC, UNARY_POST_DEC,
                                                            UNARY_PRE_DEC):
            op = "+=" if unary_kind(cur) in (UNARY_POST_INC, UNARY_PRE_INC) else "-="
            self.assignment(cur, loops, positions, op, guards)
        elif k == K.VAR_DECL:
            if guards:
                raise self.err(f"declaration of `{cur.spelling}` inside an `if` of a scop is not supported; "
                               "declare it before the `if`", cur)
            self.local_decl(cur, loops, positions)
        elif k in (K.WHILE_STMT, K.DO_STMT):
            raise self.err("while loops are not supported in a scop", cur)
        elif k in JUMPS:
            raise self.err("goto/break/continue/return not allowed in a scop", cur)
        elif k == K.SWITCH_STMT:
            raise self.err("switch statements are not supported in a scop", cur)
        elif k == K.LABEL_STMT:
            raise self.err("labels are not allowed in a scop", cur)
        elif k == K.CALL_EXPR:
            raise self.err(f"call to `{cur.spelling}` may have side effects "
                           "(only pure math functions are allowed)", cur)
        else:
            raise self.err(f"unsupported statement `{self.text(cur)}` in a scop", cur)

    def _target(self, lhs: ci.Cursor, loops: tuple[_Loop, ...], stmt: ci.Cursor) -> ArrayRef | Scalar:
        c = _strip(lhs)
        if c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            return self.array_ref(c, loops)
        if c.kind == K.DECL_REF_EXPR:
            name = c.spelling
            ref = c.referenced
            if any(lp.var == name for lp in loops):
                raise self.err(f"loop iterator `{name}` is modified inside its loop", c)
            if name in self.iter_vars:
                raise self.err(f"assignment to loop iterator `{name}` outside its loop", c)
            if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
                raise self.err(f"unsupported assignment target `{self.text(c)}`", c)
            if ref.type.get_canonical().kind in ARRAY_KINDS:
                raise self.err(f"assignment to pointer `{name}` (pointer arithmetic) is not supported", c)
            self.add_scalar(name, ref, c)
            return Scalar(name)
        if c.kind == K.UNARY_OPERATOR and unary_kind(c) == UNARY_DEREF:
            raise self.err(f"pointer dereference `{self.text(c)}` (pointer arithmetic) is not supported; "
                           "use array subscripts", c)
        if c.kind == K.MEMBER_REF_EXPR:
            raise self.err(f"struct member access `{self.text(c)}` is not supported in a scop", c)
        raise self.err(f"unsupported assignment target `{self.text(c)}`", stmt)

    def assignment(self, cur: ci.Cursor, loops: tuple[_Loop, ...], positions: tuple[int, ...],
                   op: str, guards: tuple = ()) -> None:
        ch = _children(cur)
        reads: list[ArrayRef | Scalar] = []
        lhs = self._target(ch[0], loops, cur)
        if op != "=":
            reads.append(lhs)
        if cur.kind == K.UNARY_OPERATOR:
            rhs: Expr = Num("1")
        else:
            rhs = self.expr(ch[1], loops, "rhs", reads)
        self._add(lhs, op, rhs, reads, loops, positions, cur, guards)

    def _add(self, lhs: ArrayRef | Scalar, op: str, rhs: Expr, reads: list, loops: tuple[_Loop, ...],
             positions: tuple[int, ...], cur: ci.Cursor, guards: tuple = ()) -> None:
        self.stmts.append(_Stmt(loops, positions, lhs, op, rhs, reads, cur.location.line,
                                self.src.slice(*self.src_span(cur)), cur, guards))

    def local_decl(self, cur: ci.Cursor, loops: tuple[_Loop, ...], positions: tuple[int, ...]) -> None:
        name = cur.spelling
        tc = cur.type.get_canonical()
        if tc.kind in ARRAY_KINDS:
            raise self.err(f"array declarations inside a scop are not supported (`{name}`)", cur)
        ctype = _scalar_ctype(cur.type)
        if ctype is None:
            raise self.err(f"local variable `{name}` of type `{cur.type.spelling}` is not supported", cur)
        old = self.arrays.get(name)
        if old is not None and old.ctype != ctype:
            raise self.err(f"local variable `{name}` declared with conflicting types", cur)
        self.arrays[name] = Array(name, ctype, ())
        if name not in self.local_decls:
            self.local_decls.append(name)
        inits = [c for c in _children(cur) if c.kind.is_expression()]
        if not inits:
            return
        reads: list[ArrayRef | Scalar] = []
        rhs = self.expr(inits[-1], loops, "rhs", reads)
        parent_span = self.src_span(cur)
        self.stmts.append(_Stmt(loops, positions, Scalar(name), "=", rhs, reads, cur.location.line,
                                self.src.slice(*parent_span), cur))

    def src_span(self, cur: ci.Cursor) -> tuple[int, int]:
        ext = self.src.extent(cur)
        if ext is None:
            return (0, 0)
        return ext[0], stmt_end(self.src, ext[1])

    # ------------------------------------------------------------ isl
    def build(self, region: tuple[int, int], indent: str) -> Scop:
        try:
            return self._build(region, indent)
        except PolyrlError:
            raise
        except Exception as e:  # our bug, but the user gets one line pointing at the code
            raise self.err(f"internal front-end error on this loop nest ({type(e).__name__}: {e}); "
                           "please report it", self.items[0] if self.items else None) from e

    def _build(self, region: tuple[int, int], indent: str) -> Scop:
        self.walk(self.items, (), ())
        if not self.stmts:
            raise self.err("loop nest has no statements", self.items[0] if self.items else None)
        params = list(self.params)
        for p in params:
            if p in affine.ISL_KEYWORDS:
                raise self.err(f"parameter name `{p}` clashes with an isl keyword; rename it", None)
        ptxt = "[" + ", ".join(params) + "] -> "
        maxd = max(len(s.loops) for s in self.stmts)
        depth = 2 * maxd + 1
        statements: list[Statement] = []
        ctx = isl.Set(ptxt + "{ : }")
        for n, st in enumerate(self.stmts):
            name = f"S{n}"
            inames: list[str] = []
            for lp in st.loops:
                base = lp.var
                cand = base
                k = 1
                while cand in inames or cand in self.params or cand in affine.ISL_KEYWORDS:
                    cand = f"{base}_{k}"
                    k += 1
                inames.append(cand)
            cons = []
            for k, lp in enumerate(st.loops):
                cons += [f"{inames[k]} >= {affine.to_isl(a, inames)}" for a in lp.lowers]
                cons += [f"{inames[k]} <= {affine.to_isl(a, inames)}" for a in lp.uppers]
            tup = f"{name}[{', '.join(inames)}]"
            try:
                dom = isl.Set(ptxt + "{ " + tup + (" : " + " and ".join(cons) if cons else "") + " }")
                for cond, holds, _ in st.guards:
                    g = _guard_set(cond, ptxt, tup, inames)
                    dom = dom.intersect(g) if holds else dom.subtract(g)
                dom = dom.coalesce()
                writes = self._access_umap(ptxt, tup, [st.lhs], inames, dom)
                reads = self._access_umap(ptxt, tup, st.reads, inames, dom)
                sched = [str(st.positions[0])]
                for k in range(len(st.loops)):
                    sched.append(inames[k] if st.loops[k].step > 0 else f"-{inames[k]}")
                    sched.append(str(st.positions[k + 1]))
                sched += ["0"] * (depth - len(sched))
                schedule = isl.Map(ptxt + "{ " + tup + " -> [" + ", ".join(sched) + "] }")
                schedule = schedule.intersect_domain(dom)
            except isl.Error as e:
                raise self.err(f"internal: cannot build the polyhedral model ({e})", st.cursor) from None
            guard = " && ".join(t if holds else f"!({t})" for _, holds, t in st.guards)
            statements.append(Statement(name, tuple(lp.var for lp in st.loops), dom, st.lhs, st.op, st.rhs,
                                        writes, reads, schedule, st.line, st.text, guard))
        return Scop(
            source_path=self.src.path,
            source=self.src.text,
            function=self.func.spelling,
            region=(self.src.char_offset(region[0]), self.src.char_offset(region[1])),
            params=tuple(params),
            param_values=dict(self.params),
            context=ctx,
            arrays=dict(self.arrays),
            statements=statements,
            indent=indent,
            local_decls=tuple(self.local_decls),
        )

    def _access_umap(self, ptxt: str, tup: str, refs: list, inames: list[str], dom: isl.Set) -> isl.UnionMap:
        u = isl.UnionMap.empty(dom.get_space().params())
        for r in refs:
            if isinstance(r, Scalar):
                target = f"{r.name}[]"
            else:
                idx = []
                for e in r.indices:
                    a = affine.of_expr(e)
                    assert a is not None
                    idx.append(affine.to_isl(a, inames))
                target = f"{r.name}[{', '.join(idx)}]"
            m = isl.Map(ptxt + "{ " + tup + " -> " + target + " }").intersect_domain(dom)
            u = u.union(isl.UnionMap.from_map(m))
        return u


_ISL_CMP = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "="}


def _guard_set(cond: tuple, ptxt: str, tup: str, inames: list[str]) -> isl.Set:
    """The instances of statement `tup` where an `if` condition (see _Stmt.guards) holds."""
    kind = cond[0]
    if kind == "cmp":
        _, a, op, b = cond
        lhs, rhs = affine.to_isl(a, inames), affine.to_isl(b, inames)
        if op == "!=":
            return (isl.Set(ptxt + "{ " + tup + f" : {lhs} < {rhs}" + " }")
                    .union(isl.Set(ptxt + "{ " + tup + f" : {lhs} > {rhs}" + " }")))
        return isl.Set(ptxt + "{ " + tup + f" : {lhs} {_ISL_CMP[op]} {rhs}" + " }")
    if kind == "not":
        return _guard_set(cond[1], ptxt, tup, inames).complement()
    a, b = _guard_set(cond[1], ptxt, tup, inames), _guard_set(cond[2], ptxt, tup, inames)
    return a.intersect(b) if kind == "and" else a.union(b)


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


def _chain(cur: ci.Cursor) -> tuple[list[ci.Cursor], ci.Cursor] | None:
    """([t0, t1, ...], e) for a chained assignment `t0 = t1 = ... = e`, else None."""
    if cur.kind != K.BINARY_OPERATOR or binary_op(cur) != "=":
        return None
    targets = []
    c, rhs = cur, cur
    while c.kind == K.BINARY_OPERATOR and binary_op(c) == "=":
        lhs, rhs = _children(c)
        targets.append(lhs)
        c = _strip(rhs)
    return (targets, rhs) if len(targets) > 1 else None


def _has_select(e: Expr) -> bool:
    from polyrl.ir import walk
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
                _build(src, f, [st])
            except PolyrlError as e:
                rejected.append(e)
                runs.append([])
                continue
            runs[-1].append(st)
        for run in runs:
            if not run:
                continue
            try:
                scops.append(_build(src, f, run))
            except PolyrlError:
                scops.extend(_build(src, f, [st]) for st in run)
    return scops, rejected


def _build(src: Source, func: ci.Cursor, items: list[ci.Cursor]) -> Scop:
    first = src.extent(items[0])
    last = src.extent(items[-1])
    if first is None or last is None:
        raise src.error("loop nest comes from a macro expansion in another file", items[0])
    region = (_pragmas_before(src.data, first[0]), stmt_end(src, last[1]))
    return _Region(src, func, items).build(region, _indent(src, first[0]))


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
        scops.append(_Region(src, owner, items).build(region, _indent(src, src.extent(items[0])[0])))
    return scops
