"""What a macro plan reads of one branch before any step changes it (polyrl.poly.macros):
which source iterator each of its loops runs, and how every array reference of the
statements under its innermost loop moves along each loop (invariant, stride 1, or a
longer stride)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import islpy as isl

from polyrl.frontend.affine import of_expr
from polyrl.ir import ArrayRef, Statement
from polyrl.poly.accesses import statement_references
from polyrl.poly.transform import Leaf, LoopNest

INVARIANT, UNIT, LONG = 0, 1, 2


def _running_iterator(aff: isl.Aff, outer: set[int]) -> int | None:
    """The statement iterator the loop of expression `aff` runs when the loops around it
    (running the iterators `outer`) stay fixed: the one iterator outside `outer` with
    coefficient +-1 (a plain source loop, or one the affine scheduler skewed or shifted by
    outer loops); -1 when `aff` uses none outside `outer` (the statement sits at one value
    of this loop); None for any other expression (a tile loop, a skew of an inner loop)."""
    if aff.dim(isl.dim_type.div):
        return None
    new = [k for k in range(aff.dim(isl.dim_type.in_))
           if k not in outer and not aff.get_coefficient_val(isl.dim_type.in_, k).is_zero()]
    if not new:
        return -1
    if len(new) != 1 or not aff.get_coefficient_val(isl.dim_type.in_, new[0]).abs().is_one():
        return None
    return new[0]


def _references(s: Statement) -> list[tuple[ArrayRef, bool]]:
    """The statement's array references: (reference, written), as statement_references
    orders them. A compound assignment (`x += e`) reads its target there, as `x = x + e`
    does, so both spellings get the same plans (before session 45 this function walked the
    right-hand side alone, and PolyBench's `+=` kernels were planned unlike generated
    programs of the same shape)."""
    return [(r, w) for r, w in statement_references(s) if isinstance(r, ArrayRef)]


def _transposed(ref: ArrayRef) -> ArrayRef:
    """`ref` with its last two subscripts swapped (how a KT buffer is indexed)."""
    if len(ref.indices) < 2:
        return ref
    return replace(ref, indices=(*ref.indices[:-2], ref.indices[-1], ref.indices[-2]))


def ref_stride(ref: ArrayRef, k: int) -> int | None:
    """How `ref` moves along iterator k: INVARIANT, UNIT (the last subscript by +-1, no
    other), LONG; None for a subscript that is not affine."""
    coefs = []
    for idx in ref.indices:
        aff = of_expr(idx)
        if aff is None:
            return None
        coefs.append(aff.get(("i", k), 0))
    if not any(coefs):
        return INVARIANT
    return UNIT if abs(coefs[-1]) == 1 and not any(coefs[:-1]) else LONG


@dataclass(frozen=True)
class BranchShape:
    """What a plan needs to know of one branch, read before any step changes it."""

    depth: int
    # the references of the statements under the innermost loop: (reference, written, the
    # source iterator of its statement that each level runs)
    refs: tuple[tuple[ArrayRef, bool, tuple[int, ...]], ...]
    written: frozenset[str]  # arrays written by those statements

    def strides(self, level: int) -> list[tuple[int | None, bool]]:
        return [(ref_stride(ref, its[level]), written) for ref, written, its in self.refs]

    def score(self, level: int, packed: bool = False) -> int:
        """How well the loop at `level` suits the innermost position: +1 per reference it
        walks with stride 1, -1 per longer stride, the written references counting double.
        `packed` (a band whose read-only operands will be packed): a read-only reference
        that the loop walks along a column counts as stride 1, as in its transposed buffer
        (KT). Why: a rank-2k update (C[i][j] += A[j][k] * B[i][k] + B[j][k] * A[i][k], j
        innermost as written) reads four references along k with stride 1, and k went
        innermost, a reduction without vector code; with A and B packed transposed, j walks
        all of them with stride 1 and C too (PolyBench syr2k's hand schedule: 11.7x at LARGE)."""
        total = 0
        for ref, written, its in self.refs:
            stride = ref_stride(ref, its[level])
            if packed and stride == LONG and not written and ref.name not in self.written \
                    and ref_stride(_transposed(ref), its[level]) == UNIT:
                stride = UNIT
            w = 2 if written else 1
            total += w if stride == UNIT else -w if stride in (LONG, None) else 0
        return total

    def reused(self, levels: range) -> bool:
        """Whether some reference is invariant in one of `levels` (tiling them can pay)."""
        return any(stride == INVARIANT for level in levels for stride, _ in self.strides(level))

    def is_time(self, level: int) -> bool:
        """No subscript uses the loop at `level` (a time loop around a stencil)."""
        return bool(self.refs) and all(stride == INVARIANT for stride, _ in self.strides(level))


def read_branch(scop_statements: dict[str, Statement], nest: LoopNest, path: tuple[int, ...]) -> BranchShape | None:
    """The shape of the branch at `path`; None when one of its loops does not run one
    source iterator, the same for every statement under the innermost loop that it moves
    (it was tiled or skewed by an action already). A statement that sits at one value of
    some loop of the branch (the affine scheduler fuses lower-dimensional statements into
    a band so) is left out of the references."""
    loops = nest.loops_on(path)
    stmts = [scop_statements[c.stmt] for c in loops[-1].children if isinstance(c, Leaf)]
    if not stmts:
        return None
    runs: dict[str, list[int]] = {s.name: [] for s in stmts}
    moving = {s.name for s in stmts}
    for loop in loops:
        for s in stmts:
            k = _running_iterator(loop.exprs[s.name], set(runs[s.name])) if s.name in loop.exprs else None
            if k is None:
                return None
            if k < 0:
                moving.discard(s.name)
            runs[s.name].append(k)
    if not moving:
        return None
    refs = tuple((ref, w, tuple(runs[s.name])) for s in stmts if s.name in moving for ref, w in _references(s))
    written = frozenset(ref.name for ref, w, _ in refs if w)
    return BranchShape(len(loops), refs, written)
