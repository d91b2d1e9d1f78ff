"""The affine scheduler as an action: isl's Pluto-style `compute_schedule` on the whole scop.

`A(f)` asks isl for a schedule that respects every dependence (RAW, WAR, WAW as
validity), keeps reuse close (the same dependences as proximity) and puts loops that
carry none outermost where it can (coincidence), with one of three fusion policies:

- 0, none: every strongly connected component of the dependence graph gets its own
  loops (isl's `schedule_serialize_sccs`);
- 1, smart: isl's incremental clustering, which fuses where fusion keeps the bands it
  finds (its default);
- 2, max: each connected component is scheduled whole, fusing as much as it can
  (`schedule_whole_component`);
- 3, smart with parallel outer loops: as 1, but the outermost loop of each band must carry
  no dependence where some schedule allows it (`schedule_outer_coincidence`): a
  statement that would make a fused loop serial gets loops of its own instead (Pluto's
  outputs keep such parallel loops).

The schedule tree isl returns becomes a `LoopNest`: every band member is a loop whose
expression for each statement is that member's affine value, sequences and sets keep
their children's order, and statements that share a leaf keep the program's order (no
dependence remains between them there). The other actions then apply to these loops.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.poly.dependences import compute_dependences

FUSIONS = {0: "none", 1: "smart", 2: "max", 3: "smart, parallel outer loops"}

# per Scop (while it lives), the schedule constraints (the same for every fusion policy)
# and the tree each fusion policy gave: the scheduler solves ILPs, and a policy or a
# search asks for the same answer many times
_TREES: dict[int, tuple[weakref.ref, list[isl.ScheduleConstraints], dict[int, isl.Schedule | None]]] = {}


class SchedulerRefused(PolyrlError):
    """isl found no schedule, or one that the loop tree cannot hold."""


@contextmanager
def _options(ctx: isl.Context, fusion: int):
    """isl's scheduler options for `fusion`, restored afterwards (they are the context's)."""
    saved = (ctx.get_schedule_serialize_sccs(), ctx.get_schedule_whole_component(),
             ctx.get_schedule_outer_coincidence())
    ctx.set_schedule_serialize_sccs(1 if fusion == 0 else 0)
    ctx.set_schedule_whole_component(1 if fusion == 2 else 0)
    ctx.set_schedule_outer_coincidence(1 if fusion == 3 else 0)
    try:
        yield
    finally:
        ctx.set_schedule_serialize_sccs(saved[0])
        ctx.set_schedule_whole_component(saved[1])
        ctx.set_schedule_outer_coincidence(saved[2])


def schedule_tree(scop: Scop, fusion: int) -> isl.Schedule:
    """isl's schedule of every statement of `scop` under the fusion policy (see the module)."""
    entry = _TREES.get(id(scop))
    if entry is None or entry[0]() is not scop:
        for key in [k for k, (ref, _, _) in _TREES.items() if ref() is None]:
            del _TREES[key]
        entry = _TREES[id(scop)] = (weakref.ref(scop), [], {})
    _, constraints, made = entry
    if fusion not in made:
        if not constraints:
            constraints.append(schedule_constraints(scop))
        with _options(scop.context.get_ctx(), fusion):
            made[fusion] = constraints[0].compute_schedule()
    return made[fusion]


def schedule_constraints(scop: Scop) -> isl.ScheduleConstraints:
    """What isl's scheduler is asked for every fusion policy: every statement instance, with the RAW, WAR and WAW
    dependences as validity, coincidence and proximity constraints."""
    domain = isl.UnionSet.empty(scop.context.get_space())
    for s in scop.statements:
        domain = domain.union(isl.UnionSet.from_set(s.domain))
    deps = isl.UnionMap.empty(scop.context.get_space())
    for d in compute_dependences(scop, ("RAW", "WAR", "WAW")):
        deps = deps.union(isl.UnionMap.from_map(d.relation))
    return (isl.ScheduleConstraints.on_domain(domain).set_context(scop.context)
            .set_validity(deps).set_coincidence(deps).set_proximity(deps))


def scheduled_children(scop: Scop, fusion: int, loop_type, leaf_type):
    """The root children of the loop tree of isl's schedule; `loop_type(name, exprs,
    children)` and `leaf_type(stmt)` make the nodes (transform's Loop and Leaf).
    SchedulerRefused when isl gives no schedule or one the tree cannot hold."""
    tree = schedule_tree(scop, fusion)
    if tree is None:
        raise SchedulerRefused(f"isl's scheduler found no schedule with fusion {FUSIONS[fusion]}")
    order = [s.name for s in scop.statements]
    spaces = {s.name: s.domain.get_space() for s in scop.statements}
    domains = {s.name: s.domain for s in scop.statements}
    T = isl.schedule_node_type

    def member(upa: isl.UnionPwAff, stmt: str) -> isl.Aff:
        parts = upa.get_pw_aff_list()
        for pa in (parts.get_at(k) for k in range(parts.n_pw_aff())):
            if pa.get_domain_space().get_tuple_name(isl.dim_type.set) != stmt:
                continue
            pieces = pa.coalesce().get_pieces()
            affs = {str(a) for _, a in pieces}
            if len(affs) != 1:
                raise SchedulerRefused(f"isl's schedule of {stmt} is piecewise")
            aff = pieces[0][1].align_params(spaces[stmt])
            return aff
        raise SchedulerRefused(f"isl's schedule leaves {stmt} out of a band")

    def name_of(aff: isl.Aff, stmt: str, depth: int) -> str:
        iterators = scop.statement(stmt).iterators
        if aff.get_constant_val().is_zero():
            ones = [k for k in range(aff.dim(isl.dim_type.in_)) if not aff.get_coefficient_val(isl.dim_type.in_, k).is_zero()]
            params = [k for k in range(aff.dim(isl.dim_type.param))
                      if not aff.get_coefficient_val(isl.dim_type.param, k).is_zero()]
            if len(ones) == 1 and not params and aff.get_coefficient_val(isl.dim_type.in_, ones[0]).is_one():
                return iterators[ones[0]]
        return f"c{depth}"

    def convert(node: isl.ScheduleNode, stmts: list[str], depth: int) -> tuple:
        t = node.get_type()
        if t == T.band:
            n = node.band_n_member()
            partial = node.band_get_partial_schedule()
            below = convert(node.child(0), stmts, depth + n)
            for k in reversed(range(n)):
                upa = partial.get_at(k)
                exprs = {s: member(upa, s) for s in stmts}
                below = (loop_type(name_of(exprs[stmts[0]], stmts[0], depth + k), exprs, below),)
            return below
        if t in (T.sequence, T.set):
            out: list = []
            for k in range(node.n_children()):
                out.extend(convert(node.child(k), stmts, depth))
            return tuple(out)
        if t == T.filter:
            keep = node.filter_get_filter()
            sub = []
            for s in stmts:
                part = keep.extract_set(spaces[s])
                if part.is_empty():
                    continue
                if not domains[s].is_subset(part):
                    raise SchedulerRefused(f"isl's schedule splits the instances of {s}")
                sub.append(s)
            return convert(node.child(0), sub, depth) if sub else ()
        if t == T.leaf:
            return tuple(leaf_type(s) for s in sorted(stmts, key=order.index))
        if t in (T.domain, T.mark, T.context):
            return convert(node.child(0), stmts, depth)
        raise SchedulerRefused(f"isl's schedule has a node the loop tree cannot hold ({t})")

    return convert(tree.get_root(), order, 0)
