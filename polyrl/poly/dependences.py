"""Exact memory-based dependences of a Scop (RAW, WAR, WAW, and RAR reuses) with isl.

Legality uses RAW/WAR/WAW; RAR is kept for locality (reuse) analysis only. Memory-based
(every earlier conflicting access, not only the last writer) because polyrl keeps the
program's storage (scalar expansion, E, makes a new Scop with dependences of its own),
so storage reuse must be respected.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl

from polyrl.ir import Scop

KINDS = ("RAW", "WAR", "WAW", "RAR")


@dataclass(frozen=True)
class Dependence:
    """Instances of `source` that must run before instances of `target` (or share data, RAR)."""

    kind: str  # RAW, WAR, WAW, RAR
    source: str  # statement name
    target: str
    array: str
    relation: isl.Map  # source instance -> target instance

    @property
    def constrains_order(self) -> bool:
        return self.kind != "RAR"

    def distance(self, scop: Scop) -> tuple[int | str, ...]:
        """Distance (or direction) vector over the loops source and target share."""
        return uniform_distance(scop, self)

    def describe(self, scop: Scop) -> str:
        d = self.distance(scop)
        return f"{self.kind} {self.source} -> {self.target} on {self.array} ({', '.join(map(str, d))})"


def _flow(sink: isl.UnionMap, source: isl.UnionMap, schedule: isl.UnionMap) -> isl.UnionMap:
    info = isl.UnionAccessInfo.from_sink(sink).set_may_source(source).set_schedule_map(schedule)
    return info.compute_flow().get_may_dependence()


def exact_flow(scop: Scop, only: isl.UnionSet | None = None) -> isl.UnionFlow:
    """isl's exact (value-based) flow of the region in the source order: a statement always
    writes its left-hand side, so every write kills the value before it. Reads and writes are
    restricted to the statements' domains and, with `only`, to those arrays;
    `get_may_no_source()` is the reads that may find the value from before the region."""
    dom = scop.union_domain()
    reads, writes = scop.union_reads().intersect_domain(dom), scop.union_writes().intersect_domain(dom)
    if only is not None:
        reads, writes = reads.intersect_range(only), writes.intersect_range(only)
    return (isl.UnionAccessInfo.from_sink(reads).set_must_source(writes)
            .set_schedule_map(scop.union_original_schedule()).compute_flow())


def compute_dependences(scop: Scop, kinds: tuple[str, ...] = KINDS) -> list[Dependence]:
    """All dependences, one per (kind, source statement, target statement, array).

    A may-source is never killed by another may-source, so `compute_flow` returns every
    earlier access to the same element: the memory-based dependences. Running it once
    per array keeps the array of each dependence without tagging the accesses.
    """
    reads = _as_union(scop, "reads")
    writes = _as_union(scop, "writes")
    schedule = scop.union_original_schedule()
    pairs = {"RAW": (reads, writes), "WAR": (writes, reads), "WAW": (writes, writes), "RAR": (reads, reads)}
    result: list[Dependence] = []
    for array in sorted(scop.arrays):
        only = isl.UnionSet.from_set(_array_universe(scop, array))
        for kind in kinds:
            sink, source = pairs[kind]
            deps = _flow(sink.intersect_range(only), source.intersect_range(only), schedule)
            for m in _maps(deps):
                if kind == "RAR":
                    # the same instance reading an element twice is not reuse
                    if m.get_tuple_name(isl.dim_type.in_) == m.get_tuple_name(isl.dim_type.out):
                        m = m.subtract(isl.Map.identity(m.get_space()))
                if m.is_empty():
                    continue
                result.append(
                    Dependence(
                        kind=kind,
                        source=m.get_tuple_name(isl.dim_type.in_),
                        target=m.get_tuple_name(isl.dim_type.out),
                        array=array,
                        relation=m.coalesce(),
                    )
                )
    result.sort(key=lambda d: (KINDS.index(d.kind), d.source, d.target, d.array))
    return result


def _array_universe(scop: Scop, array: str) -> isl.Set:
    ndim = len(scop.arrays[array].dims)
    space = isl.Space.set_alloc(scop.context.get_ctx(), 0, ndim).set_tuple_name(isl.dim_type.set, array)
    return isl.Set.universe(space)


def _as_union(scop: Scop, which: str) -> isl.UnionMap:
    out = isl.UnionMap.empty(scop.context.get_space())
    for s in scop.statements:
        acc = getattr(s, which)
        out = out.union(acc if isinstance(acc, isl.UnionMap) else isl.UnionMap.from_map(acc))
    return out


def _maps(u: isl.UnionMap) -> list[isl.Map]:
    maps: list[isl.Map] = []
    u.foreach_map(maps.append)
    return maps


def uniform_distance(scop: Scop, dep: Dependence) -> tuple[int | str, ...]:
    """Distance over the loops both statements share in the source order: an integer
    where it is the same for every instance pair, else its direction: `+` (>= 1),
    `0+` (>= 0), `-` (<= -1), `0-` (<= 0) or `*` (memory-based dependences of a
    reduction are `+`: every later iteration)."""
    src = scop.statement(dep.source)
    tgt = scop.statement(dep.target)
    common = common_loops(src.original_schedule, tgt.original_schedule, min(len(src.iterators), len(tgt.iterators)))
    times = dep.relation.apply_domain(src.original_schedule).apply_range(tgt.original_schedule)
    deltas = times.deltas()
    n = deltas.dim(isl.dim_type.set)
    result: list[int | str] = []
    for level in range(common):
        dim = 2 * level + 1
        vals = deltas.project_out(isl.dim_type.set, dim + 1, n - dim - 1).project_out(isl.dim_type.set, 0, dim)
        vals = vals.project_out(isl.dim_type.param, 0, vals.dim(isl.dim_type.param))
        if vals.is_singleton():
            result.append(int(vals.sample_point().get_coordinate_val(isl.dim_type.set, 0).to_python()))
            continue
        result.append(_direction(vals))
    return tuple(result)


def _direction(vals: isl.Set) -> str:
    space = vals.get_space()
    for text, bound, lower in (("+", 1, True), ("0+", 0, True), ("-", -1, False), ("0-", 0, False)):
        v = isl.Val.int_from_si(space.get_ctx(), bound)
        limit = isl.Set.universe(space)
        limit = limit.lower_bound_val(isl.dim_type.set, 0, v) if lower else limit.upper_bound_val(isl.dim_type.set, 0, v)
        if vals.is_subset(limit):
            return text
    return "*"


def common_loops(a: isl.Map, b: isl.Map, limit: int) -> int:
    """How many outer loops two statements share: equal beta prefixes in the 2d+1 schedule."""
    n = 0
    for level in range(limit):
        if _beta(a, 2 * level) != _beta(b, 2 * level):
            break
        n += 1
    return n


def _beta(m: isl.Map, dim: int) -> int | None:
    vals = m.range().project_out(isl.dim_type.set, dim + 1, m.range().dim(isl.dim_type.set) - dim - 1)
    vals = vals.project_out(isl.dim_type.set, 0, dim)
    if not vals.is_singleton():
        return None
    return int(vals.sample_point().get_coordinate_val(isl.dim_type.set, 0).to_python())
