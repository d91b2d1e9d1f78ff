"""Packing: which elements of an array one iteration of a loop touches, exactly (isl),
and the box that holds them, as functions of the iteration.

The action K(a,k) marks the array on the loop (`Loop.pack`); its legality lives in
`polyrl.poly.legality`, the copy and the rewritten subscripts in codegen and the emitter.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.poly.counting import within_budget
from polyrl.poly.transform import LoopNest


def iteration_maps(nest: LoopNest, scop: Scop, path: tuple[int, ...]) -> dict[str, isl.Map]:
    """For every statement inside the loop at `path`: S[i] -> [v0, ..., vl], the values
    of the loops on the path (outermost first) when the instance S[i] runs."""
    loops = nest.loops_on(path)
    out = {}
    for stmt in loops[-1].exprs:
        m = isl.Map.from_aff(loops[0].exprs[stmt])
        for loop in loops[1:]:
            m = m.flat_range_product(isl.Map.from_aff(loop.exprs[stmt]))
        out[stmt] = m.intersect_domain(scop.statement(stmt).domain)
    return out


def footprint(nest: LoopNest, scop: Scop, path: tuple[int, ...], array: str, access: str) -> isl.Map | None:
    """[v0, ..., vl] -> array[...]: the elements the statements inside the loop at `path`
    read (`access="reads"`) or write (`"writes"`) in the iteration with those loop values;
    None when they never do."""
    out = None
    for stmt, it in iteration_maps(nest, scop, path).items():
        maps: list[isl.Map] = []
        getattr(scop.statement(stmt), access).foreach_map(maps.append)
        for m in maps:
            if m.get_tuple_name(isl.dim_type.out) == array:
                f = it.reverse().apply_range(m)
                out = f if out is None else out.union(f)
    return out.coalesce() if out is not None else None


@dataclass(frozen=True)
class PackBox:
    """The box copied at each iteration of a packing loop: per array dimension, the
    least and greatest index read (isl.PwAff over the loop values [v0..vl] and the
    parameters; exact, so every index in the box lies inside the array), and the
    largest extent of any iteration (over the parameters only), which sizes the buffer."""

    array: str
    lower: tuple[isl.PwAff, ...]
    upper: tuple[isl.PwAff, ...]
    extent: tuple[isl.PwAff, ...]


# isl operations for one pack's box. A box is usually computed in well under 1% of this; on
# PolyBench covariance (MEDIUM) a search sample that skews, tiles, packs and skews again
# (`B3:S(0,1,2) B3:T2(0,1,128,32) B3:K(1,0) B3:S(0,1,1) ...`) ran for 530 s in one isl gist.
BOX_OPERATIONS = 1_000_000


def pack_box(nest: LoopNest, scop: Scop, path: tuple[int, ...], array: str) -> PackBox | None:
    """The box of `array` read in one iteration of the loop at `path`; None if it is not
    read. PolyrlError when isl cannot compute it within BOX_OPERATIONS, or finds no bound on
    its extent: the schedule is then refused by the code generator (a pack whose bounds
    are that complex would not pay)."""
    ctx = scop.context.get_ctx()
    pack = f"the pack of {array} in the loop at {'.'.join(map(str, path))}"
    try:
        box = within_budget(ctx, BOX_OPERATIONS, lambda: _pack_box(nest, scop, path, array), _TOO_COMPLEX)
    except isl.Error as e:
        # _largest's convex hull, without the local variables, can lose the bound that they
        # kept (PolyBench durbin at MEDIUM, a search sample `B0:A(1) B0:S(0,1,2) B0:K(0,1)
        # B0:U(4)`: "unbounded optimum" ended the whole search, session 26)
        raise PolyrlError(f"{pack}: isl found no bound on the box it copies ({e}); leave this pack out") from None
    if box is _TOO_COMPLEX:
        raise PolyrlError(f"{pack}: isl did not bound the box it copies within {BOX_OPERATIONS:,} operations; "
                          "leave this pack out")
    return box


_TOO_COMPLEX = object()


def _pack_box(nest: LoopNest, scop: Scop, path: tuple[int, ...], array: str) -> PackBox | None:
    reads = footprint(nest, scop, path, array, "reads")
    if reads is None or reads.is_empty():
        return None
    lower, upper, extent = [], [], []
    iterations = reads.domain()
    # the loop also runs where no statement inside it reads the array (a statement fused
    # into it with other bounds): there the box is empty (first dimension 0..-1), so the
    # copy reads nothing outside what the program reads
    idle = _loop_values(nest, scop, path).subtract(iterations)
    for d in range(reads.dim(isl.dim_type.out)):
        lo = reads.dim_min(d).gist(iterations)
        hi = reads.dim_max(d).gist(iterations)
        if d == 0:
            if not idle.is_empty():
                lo = lo.intersect_domain(iterations).union_add(_constant(idle, 0))
                hi = hi.intersect_domain(iterations).union_add(_constant(idle, -1))
            # and wherever else the generated loops may run (the holes of skewed loops: isl
            # scans a hull, and a guard skips the points where no statement runs), the box
            # is empty too: the C text of a function defined on part of the space gives its
            # last piece everywhere else (session 58: a copy read A[-41] there)
            lo, hi = _everywhere(lo, 0), _everywhere(hi, -1)
        lower.append(lo)
        upper.append(hi)
        size = hi.sub(lo).add_constant_val(isl.Val.one(lo.get_ctx())).intersect_domain(iterations)
        extent.append(_largest(isl.Map.from_pw_aff(size).range().intersect_params(scop.context)))
    return PackBox(array, tuple(lower), tuple(upper), tuple(extent))


def _constant(domain: isl.Set, value: int) -> isl.PwAff:
    return isl.PwAff.val_on_domain(domain, isl.Val.int_from_si(domain.get_ctx(), value))


def _everywhere(pa: isl.PwAff, value: int) -> isl.PwAff:
    """`pa`, and `value` wherever it is undefined."""
    rest = isl.Set.universe(pa.domain().get_space()).subtract(pa.domain())
    return pa if rest.is_empty() else pa.union_add(_constant(rest.coalesce(), value))


def _loop_values(nest: LoopNest, scop: Scop, path: tuple[int, ...]) -> isl.Set:
    """[v0, ..., vl]: the values the loops on `path` take while some statement inside the
    innermost of them runs (there is one: it reads the packed array)."""
    ranges = [it.range() for it in iteration_maps(nest, scop, path).values()]
    return functools.reduce(isl.Set.union, ranges).coalesce()


def _largest(values: isl.Set) -> isl.PwAff:
    """An upper bound on the 1-d set `values` over the parameters: the largest value when
    a constant bounds it for every parameter value (a tile size), else the largest value
    of its convex hull, a function of the parameters. (The exact parametric maximum of
    `values`, whose existential variables come from tiles and skews, ran for over ten
    minutes in isl on a skewed, tiled, packed state; a buffer only needs a bound.)"""
    nparam = values.dim(isl.dim_type.param)
    free = values.move_dims(isl.dim_type.set, 1, isl.dim_type.param, 0, nparam)
    bound = free.dim_max_val(0)
    if bound.is_int():
        return isl.PwAff.val_on_domain(isl.Set.universe(values.params().get_space()), bound)
    hull = isl.Set.from_basic_set(values.remove_divs().convex_hull())
    return hull.dim_max(0).coalesce()
