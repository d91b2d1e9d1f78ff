"""Access relations: every array (or scalar) reference of a statement, as written in the
source, and the isl map from the statement's instances to the elements it touches.

Owns how references are numbered and named (`Reference`); what is done with them (working
sets, scalar expansion, legality, the program graph) lives in the modules that use them.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl

from polyrl.ir import ArrayRef, Binary, Cast, Expr, Iter, Num, Param, Scalar, Scop, Statement, Unary, walk
from polyrl.poly.describe import ref_text


@dataclass(frozen=True)
class Reference:
    """One array (or scalar) reference of a statement, as written in the source."""

    stmt: str
    position: int  # 0: the written lhs; 1, 2, ...: the reads in source order
    array: str
    is_write: bool
    text: str  # e.g. "A[i][k]"

    def __str__(self) -> str:
        return f"{self.stmt}:{self.text}"


def statement_references(s: Statement) -> list[tuple[ArrayRef | Scalar, bool]]:
    """(reference, is_write) of a statement: the lhs first, then every read in source
    order (the lhs again for compound assignments, as the front end records it)."""
    refs: list[tuple[ArrayRef | Scalar, bool]] = [(s.lhs, True)]
    if s.op != "=":
        refs.append((s.lhs, False))
    refs += [(n, False) for n in walk(s.rhs) if isinstance(n, ArrayRef | Scalar)]
    return refs


def read_only_scalars(scop: Scop) -> frozenset[str]:
    """The scalars the scop reads and no statement of it writes (BLAS's alpha and beta)."""
    written = {s.lhs.name for s in scop.statements}
    return frozenset(r.name for s in scop.statements for r, w in statement_references(s)
                     if not w and isinstance(r, Scalar) and r.name not in written)


def index_aff(e: Expr, ls: isl.LocalSpace) -> isl.Aff:
    """The isl.Aff of an affine subscript over the statement's domain space."""
    if isinstance(e, Num):
        return isl.Aff.zero_on_domain(ls).set_constant_val(isl.Val(e.text.rstrip("uUlL")))
    if isinstance(e, Iter):
        return isl.Aff.var_on_domain(ls, isl.dim_type.set, e.index)
    if isinstance(e, Param):
        pos = ls.get_space().find_dim_by_name(isl.dim_type.param, e.name)
        if pos < 0:
            raise ValueError(f"unknown parameter {e.name}")
        return isl.Aff.var_on_domain(ls, isl.dim_type.param, pos)
    if isinstance(e, Cast):
        return index_aff(e.operand, ls)
    if isinstance(e, Unary) and e.op in "+-":
        a = index_aff(e.operand, ls)
        return a.neg() if e.op == "-" else a
    if isinstance(e, Binary) and e.op in "+-*":
        lhs, rhs = index_aff(e.lhs, ls), index_aff(e.rhs, ls)
        if e.op == "+":
            return lhs.add(rhs)
        if e.op == "-":
            return lhs.sub(rhs)
        return lhs.mul(rhs)  # isl refuses a product of two non-constant expressions
    raise ValueError(f"not an affine subscript: {e!r}")


def reference_map(s: Statement, ref: ArrayRef | Scalar) -> isl.Map:
    """Access relation of one reference: instance of `s` -> array element, on its domain."""
    space = s.domain.get_space()
    if isinstance(ref, Scalar) or not ref.indices:
        target = isl.Set.universe(isl.Space.set_alloc(space.get_ctx(), 0, 0).set_tuple_name(isl.dim_type.set, ref.name))
        return isl.Map.from_domain_and_range(s.domain, target.align_params(space))
    ls = isl.LocalSpace.from_space(space)
    m = None
    for idx in ref.indices:
        piece = isl.Map.from_aff(index_aff(idx, ls))
        m = piece if m is None else m.flat_range_product(piece)
    assert m is not None
    return m.set_tuple_name(isl.dim_type.out, ref.name).intersect_domain(s.domain)


def _as_union(m: isl.Map | isl.UnionMap) -> isl.UnionMap:
    return m if isinstance(m, isl.UnionMap) else isl.UnionMap.from_map(m)


def _maps(u: isl.UnionMap) -> list[isl.Map]:
    out: list[isl.Map] = []
    u.foreach_map(out.append)
    return out


def references(scop: Scop) -> list[tuple[Reference, isl.Map]]:
    """Every distinct reference of the Scop with its access relation (parameters kept).

    References of one statement with the same array, direction and access relation are
    one reference (`x[i] * x[i]`). Where a statement's references cannot be rebuilt
    exactly from its expression tree, its access maps (one per array) stand in for them.
    """
    out: list[tuple[Reference, isl.Map]] = []
    for s in scop.statements:
        mine: list[tuple[Reference, isl.Map]] = []
        try:
            for pos, (ref, is_write) in enumerate(statement_references(s)):
                m = reference_map(s, ref)
                if any(r.is_write == is_write and r.array == ref.name and m.is_equal(m2) for r, m2 in mine):
                    continue
                mine.append((Reference(s.name, pos, ref.name, is_write, ref_text(ref, s.iterators)), m))
            ok = all(
                _union_of([m for r, m in mine if r.is_write == w], s.domain).is_equal(_as_union(acc))
                for w, acc in ((True, s.writes), (False, s.reads))
            )
        except (isl.Error, ValueError):
            ok = False
        if not ok:
            mine = []
            for w, acc in ((True, s.writes), (False, s.reads)):
                for k, m in enumerate(_maps(_as_union(acc))):
                    name = m.get_tuple_name(isl.dim_type.out)
                    mine.append((Reference(s.name, 0 if w else k + 1, name, w, name), m))
        out += mine
    return out


def _union_of(maps: list[isl.Map], domain: isl.Set) -> isl.UnionMap:
    u = isl.UnionMap.empty(domain.get_space().params())
    for m in maps:
        u = u.union(isl.UnionMap.from_map(m))
    return u
