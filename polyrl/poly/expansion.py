"""Scalar expansion: a scalar whose value never flows from one iteration of the loops
around all its accesses to another becomes an array indexed by those loops, which
removes the dependences that reusing one memory cell made between those iterations.

Whether the value flows is decided with isl on the source order; the expanded program
is a new `Scop` (pure) that legality checks every later schedule against. The action
E(k) marks a scalar (`LoopNest.expanded`); codegen allocates the array and writes the
last value back to the scalar.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import islpy as isl

from polyrl.ir import Array, ArrayRef, Binary, Expr, Iter, Num, Scop, Statement, map_expr
from polyrl.ir import Scalar as ScalarRef
from polyrl.poly.accesses import reference_map
from polyrl.poly.dependences import common_loops, exact_flow


@dataclass(frozen=True)
class Expansion:
    """Scalar `scalar` stored as `array[l0 - lower[0]]...[l_{d-1} - lower[d-1]]`, where
    l0..l_{d-1} are the values of the `depth` loops around all its accesses."""

    scalar: str
    array: str
    depth: int
    lower: tuple[int, ...]
    # [l0, ..., l_{d-1}]: the iterations of those loops in which the scalar is accessed
    iterations: isl.Set

    def reference(self) -> ArrayRef:
        """The array element of a statement instance (its first `depth` iterators)."""
        return ArrayRef(self.array, tuple(Iter(d) if lo == 0 else Binary("-", Iter(d), Num(str(lo)))
                                          for d, lo in enumerate(self.lower)))

    def extent(self) -> list[isl.PwAff]:
        """Elements per dimension (at least 1), as functions of the parameters."""
        one = isl.PwAff.val_on_domain(isl.Set.universe(self.iterations.params().get_space()), isl.Val.one(self.iterations.get_ctx()))
        return [self.iterations.dim_max(d).add_constant_val(isl.Val.int_from_si(self.iterations.get_ctx(), 1 - lo))
                .union_max(one) for d, lo in enumerate(self.lower)]

    def last_iteration(self) -> isl.PwMultiAff:
        """The last iteration in the source order, which holds the scalar's final value;
        defined for the parameters where there is one."""
        return self.iterations.lexmax_pw_multi_aff()


def accessors(scop: Scop, name: str) -> list[Statement]:
    """The statements that read or write `name`."""
    return [s for s in scop.statements if name in _targets(s.reads) | _targets(s.writes)]


def expansion_problem(scop: Scop, name: str) -> str | None:
    """Why scalar `name` cannot be expanded, or None.

    Every read must get its value (isl's exact flow in the source order) from a write in
    the same iteration of every loop around all the scalar's accesses; then each
    iteration may have a cell of its own, and the program computes the same values.
    """
    stmts = accessors(scop, name)
    writers = [s for s in stmts if name in _targets(s.writes)]
    if not writers:
        return f"{name} is not written in the region, so there is nothing to expand"
    depth = _depth(stmts)
    if depth == 0:
        return f"no loop holds every access to {name}, so it cannot be expanded"
    only = isl.UnionSet.from_set(isl.Set.universe(
        isl.Space.set_alloc(scop.context.get_ctx(), 0, 0).set_tuple_name(isl.dim_type.set, name)))
    flow = exact_flow(scop, only)
    for m in _maps(flow.get_may_no_source()):
        return f"{m.get_tuple_name(isl.dim_type.in_)} reads the value {name} had before the loops, so it cannot be expanded"
    loops = stmts[0].iterators
    for m in _maps(flow.get_may_dependence()):
        for d in range(depth):
            if not m.subtract(m.equate(isl.dim_type.in_, d, isl.dim_type.out, d)).is_empty():
                return (f"the value {m.get_tuple_name(isl.dim_type.in_)} writes to {name} is read by "
                        f"{m.get_tuple_name(isl.dim_type.out)} in another iteration of loop `{loops[d]}`, "
                        "so it cannot be expanded")
            m = m.equate(isl.dim_type.in_, d, isl.dim_type.out, d)
    iterations = _iterations(scop, stmts, depth)
    for d in range(depth):
        if not iterations.dim_min_val(d).is_int():
            return f"loop `{loops[d]}` has no constant lower bound, so {name} cannot be expanded along it"
    return None


def expand(scop: Scop, names: tuple[str, ...]) -> tuple[Scop, tuple[Expansion, ...]]:
    """`scop` with each scalar of `names` (which `expansion_problem` accepted) replaced by
    an array indexed by the loops around all its accesses."""
    taken = set(scop.arrays) | set(scop.params) | {i for s in scop.statements for i in s.iterators}
    arrays = dict(scop.arrays)
    statements = list(scop.statements)
    expansions = []
    for name in names:
        stmts = accessors(scop, name)
        depth = _depth(stmts)
        iterations = _iterations(scop, stmts, depth)
        # polyrl_x_: a prefix no name the emitter makes (polyrl_v0, polyrl_pack0, ...) starts with
        array = f"polyrl_x_{name}"
        while array in taken or f"{array}_mem" in taken:
            array += "_"
        taken |= {array, f"{array}_mem"}
        x = Expansion(name, array, depth, tuple(int(iterations.dim_min_val(d).to_python()) for d in range(depth)),
                      iterations)
        arrays[array] = Array(array, scop.arrays[name].ctype, (None,) * depth)
        statements = [_expanded_statement(s, x) if s in stmts else s for s in statements]
        expansions.append(x)
    return replace(scop, arrays=arrays, statements=statements), tuple(expansions)


def _expanded_statement(s: Statement, x: Expansion) -> Statement:
    ref = x.reference()

    def swap(e: Expr) -> Expr:
        return ref if isinstance(e, ScalarRef) and e.name == x.scalar else e

    def accesses(u: isl.UnionMap) -> isl.UnionMap:
        out = isl.UnionMap.empty(u.get_space())
        for m in _maps(u):
            out = out.union(isl.UnionMap.from_map(reference_map(s, ref) if m.get_tuple_name(isl.dim_type.out) == x.scalar
                                                  else m))
        return out

    return replace(s, lhs=map_expr(s.lhs, swap), rhs=map_expr(s.rhs, swap), reads=accesses(s.reads),
                   writes=accesses(s.writes))


def _depth(stmts: list[Statement]) -> int:
    """How many loops (outermost first) hold every statement of `stmts`."""
    first = stmts[0]
    depth = len(first.iterators)
    for s in stmts[1:]:
        depth = min(depth, common_loops(first.original_schedule, s.original_schedule,
                                        min(len(first.iterators), len(s.iterators))))
    return depth


def _iterations(scop: Scop, stmts: list[Statement], depth: int) -> isl.Set:
    out = None
    for s in stmts:
        n = s.domain.dim(isl.dim_type.set)
        it = s.domain.project_out(isl.dim_type.set, depth, n - depth).reset_tuple_id()
        out = it if out is None else out.union(it)
    assert out is not None
    return out.intersect_params(scop.context).coalesce()


def _targets(u: isl.UnionMap) -> set[str]:
    return {m.get_tuple_name(isl.dim_type.out) for m in _maps(u)}


def _maps(u: isl.UnionMap) -> list[isl.Map]:
    maps: list[isl.Map] = []
    u.foreach_map(maps.append)
    return maps
