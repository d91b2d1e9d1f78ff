"""The names one candidate region uses: size parameters (with their value when the file fixes
it), arrays and scalars (with their C types and extents), its local declarations, and which
variables it assigns or iterates over.

Owns what each name is and the refusals a declaration causes; not how the expressions that use
the names are read (expressions.py).
"""

from __future__ import annotations

import clang.cindex as ci
from clang.cindex import CursorKind as K
from clang.cindex import TypeKind

from polyrl.frontend.clang_parse import (
    ARRAY_KINDS,
    ASSIGN_OPS,
    FLOAT_KINDS,
    INCREMENT_STEPS,
    INTEGER_KINDS,
    Source,
    binary_op,
    children,
    strip_implicit,
    unary_kind,
)
from polyrl.ir import Array, Param


def scalar_ctype(t: ci.Type) -> str | None:
    """The C spelling of an integer or floating type without qualifiers; None for any other type."""
    tc = t.get_canonical()
    if tc.kind not in INTEGER_KINDS and tc.kind not in FLOAT_KINDS:
        return None
    words = [w for w in tc.spelling.split() if w not in ("const", "volatile", "restrict")]
    return " ".join(words)


class RegionSymbols:
    """The parameters, arrays and scalars of one region, in the order they are first met.

    `written` (variables assigned or declared anywhere in the region) and `iter_vars` (the
    variables some `for` of the region iterates over) are known before any statement is read,
    so that a bound or subscript that reads them can be refused where it appears.
    """

    def __init__(self, src: Source, items: list[ci.Cursor]):
        self.src = src
        self.params: dict[str, int | None] = {}
        self.arrays: dict[str, Array] = {}
        self.local_decls: list[str] = []
        self.written: set[str] = set()
        self.iter_vars: set[str] = set()
        for it in items:
            self._prescan(it)

    def _prescan(self, root: ci.Cursor) -> None:
        for c in root.walk_preorder():
            k = c.kind
            target = None
            if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                if binary_op(c) in ASSIGN_OPS:
                    ch = children(c)
                    target = strip_implicit(ch[0]) if ch else None
            elif k == K.UNARY_OPERATOR and unary_kind(c) in INCREMENT_STEPS:
                ch = children(c)
                target = strip_implicit(ch[0]) if ch else None
            elif k == K.VAR_DECL:
                self.written.add(c.spelling)
            elif k == K.FOR_STMT:
                ch = children(c)
                if ch:
                    init = ch[0]
                    if init.kind == K.DECL_STMT:
                        for v in children(init):
                            if v.kind == K.VAR_DECL:
                                self.iter_vars.add(v.spelling)
                    elif init.kind == K.BINARY_OPERATOR:
                        ich = children(init)
                        if ich and strip_implicit(ich[0]).kind == K.DECL_REF_EXPR:
                            self.iter_vars.add(strip_implicit(ich[0]).spelling)
            if target is not None and target.kind == K.DECL_REF_EXPR:
                self.written.add(target.spelling)

    def add_param(self, name: str, value: int | None) -> Param:
        if name not in self.params or self.params[name] is None:
            self.params[name] = value
        return Param(name)

    def add_scalar(self, name: str, decl: ci.Cursor, use: ci.Cursor) -> None:
        if name in self.arrays:
            return
        ctype = scalar_ctype(decl.type)
        if ctype is None:
            raise self.src.error(f"variable `{name}` has unsupported type `{decl.type.spelling}`", use)
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
                    raise self.src.error(f"array `{name}` of type `{decl.type.spelling}` uses pointers to "
                                         "pointers; use a multi-dimensional array", use)
                if decl.kind != K.PARM_DECL:
                    # a pointer variable may point into another array (`double *B = A + 1`);
                    # distinct array parameters are assumed not to overlap, as in PolyBench
                    raise self.src.error(f"array `{name}` is a pointer variable that may alias another array; "
                                         "declare it as an array or pass it as a function parameter", use)
                dims.append(None)
                t = tc.get_pointee()
            else:
                break
        ctype = scalar_ctype(t)
        if ctype is None:
            raise self.src.error(f"array `{name}` has unsupported element type `{t.spelling}`", use)
        if decl.kind == K.PARM_DECL and dims:
            dims[0] = None
        arr = Array(name, ctype, tuple(dims))
        self.arrays[name] = arr
        return arr

    def add_local(self, decl: ci.Cursor) -> None:
        """A scalar declared inside the region (`double t = ...;`); its initialisation, if any, is a
        statement of its own."""
        name = decl.spelling
        tc = decl.type.get_canonical()
        if tc.kind in ARRAY_KINDS:
            raise self.src.error(f"array declarations inside a scop are not supported (`{name}`)", decl)
        ctype = scalar_ctype(decl.type)
        if ctype is None:
            raise self.src.error(f"local variable `{name}` of type `{decl.type.spelling}` is not supported",
                                 decl)
        old = self.arrays.get(name)
        if old is not None and old.ctype != ctype:
            raise self.src.error(f"local variable `{name}` declared with conflicting types", decl)
        self.arrays[name] = Array(name, ctype, ())
        if name not in self.local_decls:
            self.local_decls.append(name)
