"""Legality of schedules: every dependence stays lexicographically positive, parallel
loops carry no dependence, a vectorized innermost loop carries none, and a packed array
is not written where its packed copy is read.

`apply_schedule` is the one way to turn a `Schedule` into a legal `LoopNest`: it applies
each action and refuses the first one that breaks a dependence, naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import ArrayRef, Scop
from polyrl.poly.accesses import reference_map, statement_references
from polyrl.poly.dependences import Dependence, compute_dependences
from polyrl.poly.describe import ref_text
from polyrl.poly.expansion import Expansion, accessors, expand, expansion_problem
from polyrl.poly.packing import footprint
from polyrl.poly.schedule import Action, Schedule
from polyrl.poly.transform import Loop, LoopNest, apply_action, original_nest, statement_signatures, to_union_map
from polyrl.poly.vector import expression_problem

VERDICTS = 100_000  # remembered verdicts per model (all are forgotten beyond)
T = TypeVar("T")


@dataclass(frozen=True)
class Pair:
    """The dependences from one statement to another (`members`: their indices in
    `Model.dependences`), with the union of their relations."""

    source: str
    target: str
    relation: isl.Map
    members: tuple[int, ...]


@dataclass
class Model:
    """A Scop with its dependences, computed once and shared by every legality question."""

    scop: Scop
    # the scalars of the program as written that `scop` stores in arrays (action E)
    expansions: tuple[Expansion, ...] = ()
    _expanded: dict[tuple[str, ...], Model] = field(default_factory=dict, init=False, repr=False, compare=False)
    # verdicts per dependence (its index) and the time maps of its two statements (their
    # signatures): legality checks of schedules that leave those maps alone reuse them;
    # also the strides of references under loops (_stride)
    _verdicts: dict[tuple, bool | int | None] = field(default_factory=dict, init=False, repr=False, compare=False)
    # the relations {t1 -> t2 : t1 >=lex t2} that _reversed asks, per depth and pieces
    _orders: dict[tuple, isl.Map] = field(default_factory=dict, init=False, repr=False, compare=False)
    # polyrl.poly.macros.macro_plan's plans per profile: the policy's form, its check, the macro
    # pick and the search each ask for the program's plans (and, under "expansions", the
    # scalar expansions every non-affine profile starts from: macros._expansions)
    plans: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def for_nest(self, nest: LoopNest) -> Model:
        """The model whose dependences `nest` must respect: with its scalars expanded."""
        if nest.expanded == tuple(x.scalar for x in self.expansions):
            return self
        assert not self.expansions, "expanded models are made from the program as written"
        if nest.expanded not in self._expanded:
            self._expanded[nest.expanded] = Model(*expand(self.scop, nest.expanded))
        return self._expanded[nest.expanded]

    @cached_property
    def dependences(self) -> list[Dependence]:
        return compute_dependences(self.scop, ("RAW", "WAR", "WAW"))

    @cached_property
    def pairs(self) -> list[Pair]:
        """The dependences grouped by (source, target) statement, each group's relations in
        one map: whether any of them is reversed or carried is one isl question instead of
        one per dependence (the RAW, WAR and WAW of one statement on one element often
        share their relation, which coalescing then keeps once)."""
        groups: dict[tuple[str, str], list[int]] = {}
        for k, d in enumerate(self.dependences):
            groups.setdefault((d.source, d.target), []).append(k)
        out = []
        for (source, target), members in groups.items():
            relation = self.dependences[members[0]].relation
            for k in members[1:]:
                relation = relation.union(self.dependences[k].relation)
            out.append(Pair(source, target, relation.coalesce(), tuple(members)))
        return out

    @cached_property
    def union_dependences(self) -> isl.UnionMap:
        u = isl.UnionMap.empty(self.scop.context.get_space())
        for d in self.dependences:
            u = u.union(isl.UnionMap.from_map(d.relation))
        return u

    @cached_property
    def original(self) -> LoopNest:
        return original_nest(self.scop)


def _time_relation(dep: Dependence | Pair, maps: dict[str, isl.Map]) -> isl.Map | None:
    """A dependence as pairs of time vectors (through its two statements' time maps), or
    None when either statement has none."""
    source, target = maps.get(dep.source), maps.get(dep.target)
    if source is None or target is None:
        return None
    return dep.relation.apply_domain(source).apply_range(target)


class _LazySchedule:
    """`to_union_map(scop, nest)`, made when first asked for, and its maps per statement."""

    def __init__(self, scop: Scop, nest: LoopNest, made: isl.UnionMap | None = None):
        self.scop, self.nest, self.made = scop, nest, made
        self._maps: dict[str, isl.Map] | None = None

    def get(self) -> isl.UnionMap:
        if self.made is None:
            self.made = to_union_map(self.scop, self.nest)
        return self.made

    def maps(self) -> dict[str, isl.Map]:
        """Statement -> its time map."""
        if self._maps is None:
            maps: dict[str, isl.Map] = {}
            self.get().foreach_map(lambda m: maps.__setitem__(m.get_tuple_name(isl.dim_type.in_), m))
            self._maps = maps
        return self._maps


def _lazy(schedule: isl.UnionMap | _LazySchedule | None, model: Model, nest: LoopNest) -> _LazySchedule:
    if isinstance(schedule, _LazySchedule):
        return schedule
    return _LazySchedule(model.scop, nest, schedule)


def _remember(model: Model, key: tuple, verdict: T) -> T:
    if len(model._verdicts) >= VERDICTS:
        model._verdicts.clear()
    model._verdicts[key] = verdict
    return verdict


def _time_constants(sig: tuple | None, ndim: int) -> list[int | None]:
    """Per time dimension, the value it has at every instance of a statement whose
    signature (statement_signatures) is `sig` (the sequence positions and the padding),
    or None (a loop's; all of them when the signature is not known)."""
    if sig is None:
        return [None] * ndim
    return [None if k < len(sig) and k % 2 == 1 else (sig[k] if k < len(sig) else 0) for k in range(ndim)]


def _not_after(c1: list[int | None], c2: list[int | None]) -> list[tuple[list[int], int | None]]:
    """The pieces of {t1 -> t2 : t1 >=lex t2} that time vectors with the constants c1 and
    c2 (_time_constants) can fall in, each as (dimensions where t1 = t2, dimension where
    t1 > t2, or None where they are equal everywhere); the equalities the constants imply
    are left out. No piece: the constants alone put every t1 before every t2."""
    pieces: list[tuple[list[int], int | None]] = []
    equal: list[int] = []
    for k, (a, b) in enumerate(zip(c1, c2, strict=True)):
        if a is not None and b is not None:
            if a > b:  # decided here, whatever follows
                pieces.append((equal, None))
                return pieces
            if a < b:
                return pieces
            continue
        pieces.append((equal, k))
        equal = equal + [k]
    pieces.append((equal, None))
    return pieces


def _reversed(dep: Dependence | Pair, maps: dict[str, isl.Map], sigs: dict[str, tuple], ndim: int,
              orders: dict[tuple, isl.Map] | None = None) -> bool:
    """Some target instance of `dep` runs at or before its source instance. The pieces of
    the order that the two statements' constant time dimensions rule out are not asked
    (a dependence between two top-level nests in their original order needs no isl).
    `orders` keeps the order relations made, per ndim and pieces, for later calls (one
    model's: the time vectors of its nests of one depth share their space)."""
    pieces = _not_after(_time_constants(sigs.get(dep.source), ndim), _time_constants(sigs.get(dep.target), ndim))
    if not pieces:
        return False
    td = _time_relation(dep, maps)
    if td is None:
        return False
    key = (ndim, tuple((tuple(equal), k) for equal, k in pieces))
    order = orders.get(key) if orders is not None else None
    if order is None or not order.get_space().is_equal(td.get_space()):
        order = isl.Map.empty(td.get_space())
        for equal, k in pieces:
            m = isl.Map.universe(td.get_space())
            for j in equal:
                m = m.equate(isl.dim_type.in_, j, isl.dim_type.out, j)
            order = order.union(m if k is None else m.order_gt(isl.dim_type.in_, k, isl.dim_type.out, k))
        if orders is not None:
            orders[key] = order
    return not td.intersect(order).is_empty()


def _verdict(model: Model, key: tuple, compute: Callable[[], bool]) -> bool:
    """The verdict remembered under `key`, else `compute()`'s, remembered."""
    verdict = model._verdicts.get(key)
    return _remember(model, key, compute()) if verdict is None else verdict


def _per_pair(model: Model, pairs: Iterable[tuple[int, Pair]], holds: Callable[[str, int, Dependence | Pair], bool],
              first: bool) -> list[Dependence]:
    """The dependences for which `holds(what, index, dep)`: asked of each of `pairs` (index,
    Pair) as a whole ("pair"), then of each member of a pair for which it holds
    ("dependence"); in the order of `model.dependences` (`first`: the first found only)."""
    out: list[tuple[int, Dependence]] = []
    for p, pair in pairs:
        if not holds("pair", p, pair):
            continue
        for k in pair.members:
            d = model.dependences[k]
            if holds("dependence", k, d):
                if first:
                    return [d]
                out.append((k, d))
    return [d for _, d in sorted(out, key=lambda kd: kd[0])]


def violated(model: Model, nest: LoopNest, schedule: isl.UnionMap | _LazySchedule | None = None,
             first: bool = False) -> list[Dependence]:
    """Dependences whose target no longer runs strictly after their source, in the order
    of `model.dependences` (`first`: only one of them, any, where there are some).

    `schedule` is `to_union_map(model.scop, nest)` when the caller already has it. Whether
    a dependence is reversed depends on the time maps of its two statements only (the
    padding to the nest's depth is zeros at both ends, which keeps the order), so the
    verdicts of earlier checks are remembered per model under those maps' signatures.
    isl is asked per statement pair (`Model.pairs`); only a pair with a reversed
    dependence is asked again per dependence, to name it."""
    model = model.for_nest(nest)
    schedule = _lazy(schedule, model, nest)
    sigs = statement_signatures(nest)
    ndim = 2 * nest.depth() + 1

    def reversed_(what: str, index: int, dep: Dependence | Pair) -> bool:
        return _verdict(model, ("violated", what, index, sigs.get(dep.source), sigs.get(dep.target)),
                        lambda: _reversed(dep, schedule.maps(), sigs, ndim, model._orders))

    return _per_pair(model, enumerate(model.pairs), reversed_, first)


def carried_by(model: Model, nest: LoopNest, path: tuple[int, ...],
               schedule: isl.UnionMap | _LazySchedule | None = None, first: bool = False) -> list[Dependence]:
    """Dependences carried by the loop at `path`: same iteration of every enclosing
    loop and sequence position, different iteration of this loop; in the order of
    `model.dependences` (`first`: only one of them, any). Asked per statement pair, then
    per dependence of a pair that has one carried (as `violated`)."""
    model = model.for_nest(nest)
    schedule = _lazy(schedule, model, nest)
    dim = 2 * (len(path) - 1) + 1  # time dimension of the loop
    loop = nest.loops_on(path)[-1]
    sigs = statement_signatures(nest)

    def carried(what: str, index: int, dep: Dependence | Pair) -> bool:
        # a function of the time dimensions up to the loop's of the two statements' maps
        return _verdict(model, ("carried", what, index, dim, sigs.get(dep.source), sigs.get(dep.target)),
                        lambda: _carries(_time_relation(dep, schedule.maps()), dim))

    inside = ((p, pair) for p, pair in enumerate(model.pairs) if pair.source in loop.exprs and pair.target in loop.exprs)
    return _per_pair(model, inside, carried, first)


def _carries(td: isl.Map | None, dim: int) -> bool:
    """Some pair of `td` agrees on the time dimensions before `dim` and differs at `dim`."""
    if td is None:
        return False
    for k in range(dim):
        td = td.equate(isl.dim_type.in_, k, isl.dim_type.out, k)
    if td.is_empty():
        return False
    return (not td.order_lt(isl.dim_type.in_, dim, isl.dim_type.out, dim).is_empty()
            or not td.order_gt(isl.dim_type.in_, dim, isl.dim_type.out, dim).is_empty())


def vectorizable(model: Model, nest: LoopNest, path: tuple[int, ...], schedule: isl.UnionMap | None = None) -> bool:
    """An innermost loop that carries no dependence (so `omp simd` is safe).

    Jammed point loops below it do not count: codegen unrolls them into its body, and a
    dependence between two copies in one iteration is not carried by this loop.
    """
    loop = nest.loops_on(path)[-1]
    if loop.jam > 1 or any(isinstance(c, Loop) and c.jam == 1 for c in loop.children):
        return False
    return not carried_by(model, nest, path, schedule, first=True)


def check(model: Model, nest: LoopNest, action: Action | None = None, source: str = "<schedule>",
          explain: bool = True) -> None:
    """Raise PolyrlError naming the violated dependence if `nest` is not legal.

    `explain=False` leaves the dependence out of the message ("a dependence"): naming it
    takes its distance vector from isl, which a caller that only wants the verdict (the
    policy trying actions) would throw away."""
    what = f"{action} is illegal" if action is not None else "schedule is illegal"
    where = action.where(source) if action is not None else {"path": source}
    if action is not None and action.kind == "E":
        problem = _expansion_problem(model, nest, action)
        if problem:
            raise PolyrlError(f"{what}: {problem}", **where)
    model = model.for_nest(nest)
    # made only when a verdict is not remembered (see violated)
    schedule = _LazySchedule(model.scop, nest)
    bad = violated(model, nest, schedule, first=not explain)
    if bad:
        raise PolyrlError(f"{what}: it reverses {_dependence_text(bad[0], model.scop, explain)}", **where)
    for path, loop in nest.walk():
        if loop.parallel:
            carried = carried_by(model, nest, path, schedule, first=not explain)
            if carried:
                raise PolyrlError(
                    f"{what}: loop `{loop.name}` carries {_dependence_text(carried[0], model.scop, explain)}, "
                    "so it cannot run in parallel",
                    **where,
                )
    for path, loop in nest.walk():
        if loop.vector:
            problem = vector_problem(model, nest, path, schedule, explain)
            if problem:
                raise PolyrlError(f"{what}: {problem}", **where)
        for array in loop.pack:
            problem = packing_problem(model, nest, path, array, fresh=action is not None and action.kind == "K")
            if problem:
                raise PolyrlError(f"{what}: {problem}", **where)


def checked_apply(model, nest: LoopNest, act, explain: bool = True) -> LoopNest:
    """The nest after `act`, accepted by the exact legality check; PolyrlError when the
    transformation or the check refuses it. Unrolling changes no isl schedule, so an
    unrolled state is as legal as the state it unrolls (and is not checked again).
    `explain=False`: the error need not name the dependence it breaks (legality.check)."""
    new = apply_action(nest, act)
    if act.kind != "U":
        check(model, new, act, explain=explain)
    return new


def _dependence_text(dep: Dependence, scop: Scop, explain: bool) -> str:
    """"the dependence KIND S -> T on A (distance)", or "a dependence" when not `explain`."""
    return f"the dependence {dep.describe(scop)}" if explain else "a dependence"


def _expansion_problem(model: Model, nest: LoopNest, action: Action) -> str | None:
    """Why the scalar that the action E(k) names cannot be expanded, or None; a statement
    of the branch's outermost loop must access it."""
    name = nest.expanded[-1]
    outer = nest.loops_on(nest.branches()[action.branch])[0]
    if not any(s.name in outer.exprs for s in accessors(model.scop, name)):
        return f"no statement in loop `{outer.name}` of branch B{action.branch} accesses {name}"
    return expansion_problem(model.scop, name)


def packing_problem(model: Model, nest: LoopNest, path: tuple[int, ...], array: str, fresh: bool = False) -> str | None:
    """Why `array` cannot be packed at each iteration of the loop at `path`, or None.

    The copy is made when an iteration starts and read instead of the array during it,
    so no element read in an iteration may be written in that same iteration (isl, on
    the exact footprints). `fresh`: the packing action itself is being checked, so
    packing an array the loop never reads is refused too.
    """
    loops = nest.loops_on(path)
    loop = loops[-1]
    if loop.jam > 1:
        return f"loop `{loop.name}` packs {array}, so it cannot be jammed"
    if not any(isinstance(c, Loop) for c in loop.children):
        return f"loop `{loop.name}` packs {array} but is innermost; pack at a loop around it"
    for outer in loops[:-1]:
        if array in outer.pack:
            return f"{array} is already packed at loop `{outer.name}` around loop `{loop.name}`"
    if array in loop.transposed and len(model.scop.arrays[array].dims) < 2:
        return f"{array} has one dimension, so its buffer cannot be transposed"
    reads = footprint(nest, model.scop, path, array, "reads")
    if reads is None or reads.is_empty():
        return f"loop `{loop.name}` does not read {array}, so there is nothing to pack" if fresh else None
    writes = footprint(nest, model.scop, path, array, "writes")
    if writes is not None and not writes.intersect(reads).is_empty():
        writers = sorted(s for s in loop.exprs if model.scop.statement(s).lhs.name == array)
        return (f"{array} is written inside loop `{loop.name}` ({', '.join(writers)}) where it is read, "
                "so it cannot be packed there")
    return None


def vector_problem(model: Model, nest: LoopNest, path: tuple[int, ...],
                   schedule: isl.UnionMap | _LazySchedule | None = None, explain: bool = True) -> str | None:
    """Why the loop at `path` cannot be written as explicit vector code, or None
    (`explain=False`: a carried dependence is not named, see `check`).

    The emitter runs each statement of the body (jammed copies included) on a chunk of
    iterations before the next statement, so the loop must carry no dependence; it loads
    and stores chunks of consecutive elements and reads the rest as scalars, so every
    reference must move by one element of its last subscript per iteration, or not at
    all (isl, on the exact accesses); and only + - * / on one floating-point type.
    """
    scop = model.scop
    loop = nest.loops_on(path)[-1]
    if loop.jam > 1 or any(isinstance(c, Loop) and c.jam == 1 for c in loop.children):
        return f"loop `{loop.name}` is not an innermost loop, so it cannot be vectorized (V)"
    if loop.parallel or loop.unroll > 1:
        return f"loop `{loop.name}` is {'parallel' if loop.parallel else 'unrolled'}, so it cannot be vectorized (V) too"
    carried = carried_by(model, nest, path, schedule, first=not explain)
    if carried:
        return f"loop `{loop.name}` carries {_dependence_text(carried[0], scop, explain)}, so it cannot be vectorized"
    types = set()
    for stmt, _ in _statement_paths_below(nest, path):
        s = scop.statement(stmt)
        bad = expression_problem(scop, s.lhs, s.rhs, types)
        if bad:
            return f"{stmt} {bad}, so loop `{loop.name}` cannot be vectorized (V)"
    bad = stride_problem(model, nest, path)
    if bad:
        return f"{bad}, so the loop cannot be vectorized (V)"
    if len(types) > 1:
        return f"loop `{loop.name}` mixes the element types {', '.join(sorted(types))}, so it cannot be vectorized (V)"
    return None


def stride_problem(model: Model, nest: LoopNest, path: tuple[int, ...]) -> str | None:
    """The first reference inside the loop at `path` that does not move by 0 or 1 element
    of its last subscript when the loop advances (isl, on the exact accesses; reads of a
    transposed packed buffer judged in its layout), described; None when all do."""
    scop = model.scop
    loop = nest.loops_on(path)[-1]
    for stmt, deep in _statement_paths_below(nest, path):
        s = scop.statement(stmt)
        transposed = {a for L in nest.loops_on(deep)[: len(path)] for a in L.transposed}
        for ref, write in statement_references(s):
            if not isinstance(ref, ArrayRef):
                continue
            walked = ref
            if not write and ref is not s.lhs and ref.name in transposed:  # read from the transposed buffer
                walked = ArrayRef(ref.name, ref.indices[:-2] + (ref.indices[-1], ref.indices[-2]))
            if loop_stride(model, nest.loops_on(deep), len(path) - 1, s, walked) is None:
                return (f"{ref_text(ref, s.iterators)} in {stmt} walks loop `{loop.name}` with a stride other than "
                        "0 or 1 element of its last subscript")
    return None


def vector_type(scop: Scop, loop: Loop) -> str:
    """The element type of a loop that `vector_problem` accepted."""
    return scop.arrays[scop.statement(next(iter(loop.exprs))).lhs.name].ctype


def _statement_paths_below(nest: LoopNest, path: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
    """(statement, path of its innermost loop) for every statement inside the loop at `path`."""
    out = []

    def visit(nodes, prefix):
        for k, n in enumerate(nodes):
            if isinstance(n, Loop):
                visit(n.children, prefix + (k,))
            else:
                out.append((n.stmt, prefix))

    visit(nest.loops_on(path)[-1].children, path)
    return out


def loop_stride(model: Model, loops: list[Loop], level: int, s, ref: ArrayRef) -> int | None:
    """0 or 1: how far `ref` of statement `s` moves, in its last subscript only, when the
    loop at `level` of `loops` advances by one; None for anything else. Remembered per
    model with the verdicts: the schedules a search or the cost check compares share most
    of their loops."""
    key = ("stride", s.name, tuple(str(L.exprs[s.name]) for L in loops), level, ref)
    if key in model._verdicts:
        return model._verdicts[key]
    return _remember(model, key, _stride_of(loops, level, s, ref))


def _stride_of(loops: list[Loop], level: int, s, ref: ArrayRef) -> int | None:
    it = isl.Map.from_aff(loops[0].exprs[s.name])
    for L in loops[1:]:
        it = it.flat_range_product(isl.Map.from_aff(L.exprs[s.name]))
    it = it.intersect_domain(s.domain)
    access = it.reverse().apply_range(reference_map(s, ref))  # loop values -> element
    n = len(loops)
    vs, ws = ", ".join(f"v{k}" for k in range(n)), ", ".join(f"w{k}" for k in range(n))
    same = " and ".join(f"w{k} = v{k}" + (" + 1" if k == level else "") for k in range(n))
    step = isl.Map(f"{{ [{vs}] -> [{ws}] : {same} }}", context=access.get_ctx()).align_params(access.get_space())
    moves = access.reverse().apply_range(step).apply_range(access).deltas()
    if moves.is_empty():
        return 0
    dims = moves.dim(isl.dim_type.set)
    for stride in (0, 1):
        point = isl.Set.universe(moves.get_space())
        for d in range(dims):
            point = point.fix_val(isl.dim_type.set, d, isl.Val.int_from_si(moves.get_ctx(), stride if d == dims - 1 else 0))
        if moves.is_subset(point):
            return stride
    return None


def is_legal(model: Model, schedule: Schedule) -> bool:
    try:
        apply_schedule(model, schedule)
    except PolyrlError:
        return False
    return True


def apply_schedule(model: Model, schedule: Schedule, source: str = "<schedule>") -> LoopNest:
    """Apply the actions in order, checking each; the first illegal one is refused."""
    nest = model.original
    for action in schedule.actions:
        nest = apply_action(nest, action, source)
        check(model, nest, action, source)
    return nest
