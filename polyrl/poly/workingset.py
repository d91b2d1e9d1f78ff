"""Working-set sizes of every data reuse, and the cache level each reuse fits in.

A data reuse is a pair of array references (one of them may write) that touch the same
element at two instants of the execution order: RAR, RAW, WAR or WAW, memory-based, one
reuse per ordered pair of references of the same array. As in the seed design (working
sets and RL vectorization, section 3.2), take the lexicographically first source instant
`I_source` of the reuse, its target instants, and the first (`I_min_tar`) and last
(`I_max_tar`) of those. Then

    WS_min = number of distinct elements (of all arrays) touched by the instances that run
             at an instant t with I_source <= t <= I_min_tar (both ends included)
    WS_max = the same with I_max_tar.

For `C[i][j] += A[i][k] * B[k][j]` over i < M, j < N, k < K, the reuse of `A[i][k]`
carried by `j` gives WS_min = 2K + 3 and WS_max = N*K + N + 1 elements.

"Instant" is a time vector of the schedule being analysed: the original order by default,
or `to_union_map(scop, nest)` of a transformed `LoopNest`, so that e.g. a tiling's
effect on locality is visible. Everything is counted exactly with isl on the program
with its parameters fixed (`Scop.param_values`, overridable); isl's `count_val` counts a
bounded set without enumerating its points.

A reuse is exploitable in a cache level when its working set (bytes) is at most that
level's size (fully associative caches, as in the seed design); it is assigned to the
fastest level it fits in, or to main memory ("mem"). Cache sizes are this machine's
(polyrl.machine.detect_caches) unless given.

The points are counted in polyrl.poly.counting, boxes of time and iterations followed
without isl in polyrl.poly.boxes, results remembered in polyrl.poly.memo; the report
text is polyrl.poly.workingset_report's.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial

import islpy as isl

from polyrl.ir import Scop
from polyrl.machine import MEMORY, CacheLevel, detect_caches, element_bytes, level_of
from polyrl.poly import counting  # its limits, read at each call (part of the memo key)
from polyrl.poly.accesses import Reference
from polyrl.poly.boxes import (
    EMPTY,
    Affine,
    Box,
    admitted,
    affine_rows,
    box_images,
    box_set,
    boxes_after,
    constraint,
    instance_box,
    lex_boxes,
    lex_extreme,
    lex_interval,
    separable,
    union_of_boxes,
)
from polyrl.poly.counting import count_points, union_volume_within, val_int, within_budget
from polyrl.poly.memo import MEMO_ENTRIES, MISSING, AnalysisMemo
from polyrl.poly.params import resolve_params
from polyrl.poly.transform import LoopNest, original_nest

# isl operations one pair of references may take (its reuse relation, the first source and
# targets, both working sets; about a second): a lexicographic optimum in the working sets
# of some skewed and tiled schedule ran for over 15 minutes in training, while every pair of
# 60 generated (program, schedule) pairs and of the PolyBench kernels at LARGE needs under
# a fifth of this
REUSE_OPERATIONS = 5_000_000
# a reuse whose working set isl writes as a union of more pieces than this with local
# variables it does not define is too complex (counting.count_points' give_up): counting
# it took up to REUSE_OPERATIONS, seconds per reuse, over a minute for one program graph; so is one with a piece
# whose local variables isl would define by a computation its operation limit does not stop (count_points)
UNDEFINED_PIECES = 8
TOO_COMPLEX = object()  # what `reuse` gives for a pair over budget
MEMO_PROGRAMS = 64  # programs (Scop and parameter values) whose analyses are remembered


@dataclass(frozen=True)
class WorkingSet:
    elements: int
    bytes: int
    level: str  # fastest cache level it fits in, or MEMORY
    per_array: tuple[tuple[str, int], ...] = ()  # (array, distinct elements)


@dataclass(frozen=True)
class Reuse:
    """One data reuse and its working sets under the analysed schedule."""

    kind: str  # RAR, RAW, WAR, WAW
    array: str
    source: Reference
    target: Reference
    source_instance: str  # e.g. "S0[0, 0, 0]": the first source instance
    first_target: str
    last_target: str
    carrier: tuple[int, ...] | None  # path (in the LoopNest) of the loop carrying it; None: loop-independent
    ws_min: WorkingSet
    ws_max: WorkingSet


@dataclass
class WorkingSetReport:
    reuses: list[Reuse]
    caches: tuple[CacheLevel, ...]
    params: dict[str, int]
    nest: LoopNest
    # pairs of references whose analysis isl could not finish within REUSE_OPERATIONS
    # (left out of `reuses`)
    too_complex: int = 0
    levels: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.levels = tuple(c.name for c in self.caches) + (MEMORY,)

    def totals(self, which: str = "min") -> dict[str, int]:
        """Bytes of the working sets of all reuses summed per level (WS_min or WS_max)."""
        out = dict.fromkeys(self.levels, 0)
        for r in self.reuses:
            ws = r.ws_min if which == "min" else r.ws_max
            out[ws.level] += ws.bytes
        return out

    def carried_by(self, path: tuple[int, ...]) -> list[Reuse]:
        return [r for r in self.reuses if r.carrier == path]


def _first_reuse(source: isl.Map, target: isl.Map, order: isl.Map, first: isl.Set
                 ) -> tuple[isl.Set, isl.Set, isl.Set] | None:
    """The first source instant of a reuse and its first and last target instants (each
    a one-point set of time vectors), or None when there is no reuse. `source` and
    `target` map instants to the elements the two references touch; `order` keeps the
    pairs of instants in execution order; `first` is the first instant of the source's
    statement.

    The first source instant is the lexicographic minimum of the reuse relation's
    domain, which lies in the source statement's instants: when `first` has a target, it
    is that minimum, and the relation need only be made from it (one element, a few
    instants) instead of from every instant."""
    try:
        at_first = source.intersect_domain(first).apply_range(target.reverse()).intersect(order)
        if not at_first.is_empty():
            targets = at_first.range()
            return first, targets.lexmin(), targets.lexmax()
        rel = source.apply_range(target.reverse()).intersect(order)
        if rel.is_empty():
            return None
        first_source = rel.domain().lexmin()
        targets = rel.intersect_domain(first_source).range()
        return first_source, targets.lexmin(), targets.lexmax()
    except isl.Error as e:
        if counting.out_of_operations(e):
            raise  # within_budget's to answer
        # isl's own failure on a legal nest (session 61: lexmin's domain factoring, "affine expression involves
        # some of the domain dimensions", on a skewed, reversed and tiled nest): this pair's reuse is a feature,
        # not a proof, so it counts as too complex, as when the budget runs out
        raise counting.TooComplex(str(e)) from e


def _point(s: isl.Set) -> tuple[int, ...]:
    p = s.sample_point()
    return tuple(val_int(p.get_coordinate_val(isl.dim_type.set, k)) for k in range(s.dim(isl.dim_type.set)))


def _trim(p: tuple[int, ...], n: int) -> tuple[int, ...]:
    assert not any(p[n:]), p  # the padding is zero
    return p[:n]


def _pad(p: tuple[int, ...], n: int) -> tuple[int, ...]:
    return p + (0,) * (n - len(p))


def _lex_lt(space: isl.Space, c1: list[int | None], c2: list[int | None]) -> isl.Map:
    """{t1 -> t2 : t1 <lex t2} for t1 among the time vectors whose dimensions k with
    c1[k] not None are c1[k], and t2 those with c2: the relation's pieces (one per first
    differing dimension) that these constants do not rule out, without the equalities
    they imply. Intersected with a relation between such time vectors it gives what
    isl's lex_lt would, from fewer pieces."""
    n = len(c1)
    result = isl.Map.empty(space)
    equal: list[int] = []  # dims that must be equal and that the constants leave open

    def piece(k: int | None) -> isl.Map:
        m = isl.Map.universe(space)
        for j in equal:
            m = m.equate(isl.dim_type.in_, j, isl.dim_type.out, j)
        return m if k is None else m.order_lt(isl.dim_type.in_, k, isl.dim_type.out, k)

    for k in range(n):
        a, b = c1[k], c2[k]
        if a is not None and b is not None:
            if a < b:  # decided here, whatever follows
                return result.union(piece(None))
            if a > b:
                return result
            continue  # equal at every pair
        result = result.union(piece(k))
        equal.append(k)
    return result


_MEMOS: OrderedDict[tuple, tuple[weakref.ref, AnalysisMemo]] = OrderedDict()


def analysis_memo(scop: Scop, values: Mapping[str, int], ignore: frozenset[str] = frozenset()) -> AnalysisMemo:
    """The AnalysisMemo of `scop` with its parameters fixed to `values`, without the
    references of the names in `ignore` (the most recently used MEMO_PROGRAMS are kept)."""
    # the counting limits are read from their module at each call, as REUSE_OPERATIONS is
    key = (id(scop), tuple(sorted(values.items())), REUSE_OPERATIONS, counting.SCAN_LIMIT, counting.SLICE_TOLERANCE,
           counting.BOX_SWEEP_LIMIT, counting.GRID_PIECES, counting.GRID_WORK, UNDEFINED_PIECES, ignore)
    entry = _MEMOS.get(key)
    if entry is not None and entry[0]() is scop:
        _MEMOS.move_to_end(key)
        return entry[1]
    memo = AnalysisMemo(scop, dict(values), ignore)
    _MEMOS[key] = (weakref.ref(scop), memo)
    _MEMOS.move_to_end(key)
    while len(_MEMOS) > MEMO_PROGRAMS:
        _MEMOS.popitem(last=False)
    return memo


def working_sets(
    scop: Scop,
    nest: LoopNest | None = None,
    params: Mapping[str, int] | None = None,
    caches: tuple[CacheLevel, ...] | None = None,
    default_param: int | None = None,
    describe: bool = True,
    carried_only: bool = False,
    ignore: frozenset[str] = frozenset(),
) -> WorkingSetReport:
    """Every reuse of `scop` under the schedule of `nest` (default: the original order),
    with WS_min/WS_max in elements and bytes and the cache level each fits in.

    `describe=False` leaves the instances of each reuse (source, first and last target)
    unnamed (""), which the program graph does not need and which cost a tenth of the time.
    `carried_only=True` leaves out the reuses no loop carries (within one iteration of
    every loop around both references), whose working sets the program graph does not
    use either; the others are the same.

    `ignore` leaves out the references of those arrays or scalars (the program graph's
    read-only scalars, polyrl.model.features.CONSTANT_SCALARS).

    `params` overrides Scop.param_values; parameters with neither get `default_param`,
    or, when that is None too, a PolyrlError.

    The first source and targets of a pair of references, and the distinct elements
    touched in an interval of time, are remembered per program (AnalysisMemo), keyed by
    the text of the time maps they depend on: those of the pair's statements, and those
    of the statements that can run in the interval (the statements under the nest's
    top-level node whose position the interval's ends share, or all). Other schedules of
    the program that leave them unchanged reuse them.

    Where a statement's time map moves each time dimension with one iterator (a
    permutation of its loops, some reversed) and its instances in a piece of an interval
    are a box of iterations, the elements each reference touches there (a box, when its
    subscripts move with one iterator each) and the first and last targets after its
    first instant are found without isl (polyrl.poly.boxes), at a tenth of isl's time or
    less: the same sets, and the same counts (isl's are kept for any array whose elements
    are not all boxes, as count_points would count those).
    """
    nest = nest if nest is not None else original_nest(scop)
    caches = caches if caches is not None else detect_caches()
    values = resolve_params(scop, params, default_param)
    memo = analysis_memo(scop, values, ignore)
    times = memo.times(scop, nest)
    # `signature` stands for each statement's signature in keys (NestTimes.numbers)
    sched, signature, own, ndim = times.sched, times.numbers, times.own, times.ndim
    time_space = isl.Space.set_alloc(scop.context.get_ctx(), 0, ndim)

    # each reference as a relation instant -> element (made when a pair needs it);
    # per statement, all its accesses
    refs, accesses = memo.references(scop)
    relations = memo.relations(scop)
    in_time: dict[int, isl.Map] = {}

    def timed(k: int) -> isl.Map:
        if k not in in_time:
            ref, fm = refs[k]
            in_time[k] = sched[ref.stmt].reverse().apply_range(fm)
        return in_time[k]

    def first_point(stmt: str) -> tuple[int, ...] | None:
        """The first time vector of the statement's instances (None: it has none): a
        function of its time map (remembered without the padding, which other nests may
        have more or less of)"""
        key = ("first instant", stmt, signature[stmt])
        first = memo.get(key)
        if first is MISSING:
            first = times.range(stmt).lexmin()
            first = memo.put(key, None if first.is_empty() else _trim(_point(first), own[stmt]))
        assert first is None or isinstance(first, tuple)
        return None if first is None else _pad(first, ndim)

    def first_instant(stmt: str) -> isl.Set:
        """{first_point(stmt)}"""
        first = first_point(stmt)
        if first is None:
            return isl.Set.empty(time_space)
        return box_set(time_space, (first, None, None, None))

    def reference_rows(k: int) -> list[Affine] | None:
        """The subscripts of reference k as affine functions (None where they are not)."""
        key = ("reference rows", k)
        rows = memo.get(key)
        if rows is MISSING:
            rows = memo.put(key, affine_rows(refs[k][1]))
        return rows  # type: ignore[return-value]

    def first_targets(k1: int, k2: int) -> tuple[tuple[int, ...], tuple[int, ...]] | str | None:
        """The first and last target instants of reference k2 after the first instant of
        k1's statement (the shortcut of _first_reuse), without isl: the element k1 touches
        then, and in each box of the time vectors after it (lex_boxes' pieces, nearest
        first for the first target, farthest first for the last), the instances of k2's
        statement that touch it, when instance_box can tell them. EMPTY when there are
        none; None when isl has to say."""
        (r1, _), (r2, _) = refs[k1], refs[k2]
        shapes = [memo.shape(scop, r.stmt) if r.stmt in signature else None for r in (r1, r2)]
        if shapes[0] is None or shapes[1] is None:
            return None
        time1, time2 = memo.time_rows(times, r1.stmt), memo.time_rows(times, r2.stmt)
        f1, f2 = reference_rows(k1), reference_rows(k2)
        p = first_point(r1.stmt)
        if time1 is None or time2 is None or f1 is None or f2 is None or p is None or not separable(time2):
            return None
        key = ("first element", k1, signature[r1.stmt])
        element = memo.get(key)
        if element is MISSING:
            source = instance_box(time1, shapes[0], (p, None, None, None))
            element = None
            if isinstance(source, list) and all(lo == hi for lo, hi in source):
                x = [lo for lo, _ in source]
                element = tuple(c + sum(a * v for a, v in zip(coefs, x, strict=True)) for coefs, c in f1)
            memo.put(key, element)
        if element is None:
            return None
        assert isinstance(element, tuple)
        equal = tuple(constraint([*coefs, c - e], True) for (coefs, c), e in zip(f2, element, strict=True))
        # t >lex p, by the first dim where they differ; the pieces the target's sequence
        # positions rule out hold none of its instances
        after = boxes_after(p, times.constants(r2.stmt))
        found = []
        for pieces, greatest in ((reversed(after), False), (after, True)):
            for box in pieces:
                targets = instance_box(time2, shapes[1], box, equal)
                if targets is None:
                    return None
                if targets is not EMPTY:
                    found.append(_pad(lex_extreme(time2, targets, greatest), ndim))  # type: ignore[arg-type]
                    break
            else:
                return EMPTY
        return found[0], found[1]

    sizes = {name: element_bytes(a.ctype) for name, a in scop.arrays.items()}
    order_space = isl.Space.alloc(time_space.get_ctx(), 0, ndim, ndim)

    def instances(stmt: str, interval: isl.Set) -> isl.Set:
        pma, domain = times.function(stmt)
        return interval.preimage_pw_multi_aff(pma).intersect(domain).coalesce()

    # the boxes of time vectors made so far for intervals, for every nest of this depth
    made = memo.get(("boxes", ndim))
    if made is MISSING or len(made) > MEMO_ENTRIES:  # type: ignore[arg-type]
        made = memo.put(("boxes", ndim), {})
    assert isinstance(made, dict)

    def touched_boxes(stmt: str, keep: list[Box]) -> dict[str, list[tuple[tuple[int, int], ...]]] | None:
        """touched_by without isl, where the statement's instances in each box of time
        are a box of iterations and each reference's image of it a box of elements
        (box_images): array -> those boxes; None otherwise. Not for tiled time maps: isl
        writes their elements with local variables, whose large pieces count_points
        estimates, and the counts must stay what they were."""
        # the intervals of a schedule share most of their boxes (those next to one source
        # instant, say): each box's images are found once per time map, and kept, with the
        # time map's rows, under the statement's signature (None: not followed)
        key = ("box images", stmt, signature.get(stmt))
        known = memo.get(key)
        if known is MISSING:
            shape = memo.shape(scop, stmt) if stmt in signature else None
            time = memo.time_rows(times, stmt) if shape is not None else None
            followed = time is not None and all(den == 1 for _, _, den in time)
            known = memo.put(key, (time, shape, {}) if followed else None)
        if known is None:
            return None
        assert isinstance(known, tuple)
        time, shape, made_images = known
        out: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        for box in keep:
            images = made_images.get(box, MISSING)
            if images is MISSING:
                images = made_images[box] = box_images(time, shape, box)
            if images is None:
                return None
            for array, found in images.items():
                out.setdefault(array, []).extend(found)
        return out

    def touched_in_isl(stmt: str, t0: tuple[int, ...], t1: tuple[int, ...], keep: list[int], boxes: list[Box],
                       n: int) -> dict[str, isl.Set]:
        """Array -> the elements the statement's instances in the interval touch (its
        boxes at indices `keep`), as isl finds them: a function of its time map and the
        interval's ends, zero beyond `n`."""
        key = ("touched", stmt, signature.get(stmt), _trim(t0, n), _trim(t1, n))
        out = memo.get(key)
        if out is MISSING:
            interval = union_of_boxes(time_space, boxes, made, keep)
            assert interval is not None
            elems = accesses[stmt].intersect_domain(isl.UnionSet.from_set(instances(stmt, interval))).range()
            out = {}
            elems.foreach_set(lambda e: out.__setitem__(e.get_tuple_name(), e))
            memo.put(key, out)
        assert isinstance(out, dict)
        return out

    def touched_by(stmt: str, t0: tuple[int, ...], t1: tuple[int, ...], keep: list[int], boxes: list[Box],
                   n: int) -> dict[str, isl.Set | list[tuple[tuple[int, int], ...]]]:
        """touched_in_isl, as boxes of elements where touched_boxes can tell them."""
        key = ("touched boxes", stmt, signature.get(stmt), _trim(t0, n), _trim(t1, n))
        out = memo.get(key)
        if out is MISSING:
            out = memo.put(key, touched_boxes(stmt, [boxes[i] for i in keep]))
        if out is None:
            return touched_in_isl(stmt, t0, t1, keep, boxes, n)
        assert isinstance(out, dict)
        return out

    # the statements that can run in an interval whose ends share the top-level position
    # (the key), or in any other (None), with their signatures: asked for every interval
    taking_part: dict[int | None, tuple[list[str], tuple]] = {}

    def between(t0: tuple[int, ...], t1: tuple[int, ...], remembered_only: bool = False) -> WorkingSet | object:
        """The working set of the interval [t0, t1]; with `remembered_only`, MISSING
        when its elements are not remembered (then nothing is computed, and isl is not
        called)."""
        # every piece of the interval fixes the first time dimension when its ends share
        # it: statements at another top-level position have no instance in it
        top = t0[0] if t0[0] == t1[0] else None
        part = taking_part.get(top)
        if part is None:
            mine = [stmt for stmt in accesses if top is None or times.position(stmt) in (top, None)]
            part = taking_part[top] = (mine, memo.number(tuple((stmt, signature.get(stmt)) for stmt in mine)))
        stmts, sigs = part
        # the result for these ends and these statements' time maps, found again without
        # sorting out which statements take part (most reuses of a later schedule ask again)
        known = ("interval", t0, t1, sigs)
        ws = memo.working_sets.get((known, caches))
        if ws is not None:
            return ws
        per = memo.get(known)
        if per is MISSING:
            if remembered_only:
                return MISSING
            per = memo.put(known, elements(t0, t1, stmts))
        assert isinstance(per, dict)
        nbytes = sum(n * sizes.get(a, 8) for a, n in per.items())
        ws = WorkingSet(sum(per.values()), nbytes, level_of(nbytes, caches), tuple(sorted(per.items())))
        return memo.remember_working_set((known, caches), ws)

    def elements(t0: tuple[int, ...], t1: tuple[int, ...], stmts: list[str]) -> dict[str, int]:
        """Array -> distinct elements the statements `stmts` touch between t0 and t1."""
        # per statement, the boxes of the interval its constant time dimensions allow (the
        # others hold none of its instances); only statements with some box take part
        boxes = lex_boxes(t0, t1)
        keeps = {stmt: keep for stmt in stmts
                 if (keep := admitted(t0, t1, times.constants(stmt) if stmt in signature else [None] * ndim))}
        # the ends are instants of these statements: the padding is zero in both
        n = max((own.get(stmt, ndim) for stmt in keeps), default=ndim)
        t0n, t1n = _trim(t0, n), _trim(t1, n)
        key = ("elements", t0n, t1n, tuple((stmt, signature.get(stmt)) for stmt in keeps))
        per = memo.get(key)
        if per is MISSING:
            parts = {stmt: touched_by(stmt, t0, t1, keep, boxes, n) for stmt, keep in keeps.items()}
            arrays = list(dict.fromkeys(a for part in parts.values() for a in part))
            per = {}
            for a in arrays:
                mine = [stmt for stmt, part in parts.items() if a in part]
                akey = ("count", a, t0n, t1n, tuple((stmt, signature.get(stmt)) for stmt in mine))
                count = memo.get(akey)
                if count is MISSING:
                    touched = [parts[stmt][a] for stmt in mine]
                    # a union of boxes only is counted by count_points' sweep without isl
                    count = union_volume_within(list(dict.fromkeys(b for e in touched for b in e))) if all(
                        isinstance(e, list) for e in touched) else None
                    if count is None:
                        # isl's elements of every statement, united in statement order as
                        # one pass over the statements builds them: count_points estimates
                        # large non-rectangular pieces, and what it makes of a set depends
                        # on how isl writes it
                        exact = {stmt: touched_in_isl(stmt, t0, t1, keep, boxes, n) for stmt, keep in keeps.items()}
                        e = None
                        for part in exact.values():
                            if a in part:
                                e = part[a] if e is None else e.union(part[a])
                        assert e is not None
                        count = count_points(e, give_up=UNDEFINED_PIECES)
                    memo.put(akey, count)
                assert isinstance(count, int)
                if count:
                    per[a] = count
            memo.put(key, per)
        assert isinstance(per, dict)
        return per

    def instance(t: tuple[int, ...]) -> str:
        point = lex_interval(time_space, t, t)
        for stmt in sched:
            inst = instances(stmt, point)
            if not inst.is_empty():
                return f"{stmt}[{', '.join(map(str, _point(inst)))}]"
        raise AssertionError(f"no instance runs at {t}")

    kinds = {(False, False): "RAR", (True, False): "RAW", (False, True): "WAR", (True, True): "WAW"}

    def reuse(k1: int, k2: int, remembered_only: bool = False) -> Reuse | None | object:
        """The reuse from reference k1 to k2 (None: there is none, or it is loop-
        independent and `carried_only`). With `remembered_only`, MISSING when it needs
        anything that is not remembered: then it calls no isl and needs no budget (most
        pairs of a later schedule of the program are found so)."""
        (r1, _), (r2, _) = refs[k1], refs[k2]
        # the sources are instants of r1's statement, the targets of r2's: zero beyond
        # their own dimensions
        n = max(own[r1.stmt], own[r2.stmt])
        key = ("pair", relations[k1], relations[k2], signature[r1.stmt], signature[r2.stmt])
        points = memo.get(key)
        if points is MISSING:
            if remembered_only:
                return MISSING
            shortcut = first_targets(k1, k2)
            if isinstance(shortcut, tuple):
                points = tuple(_trim(x, n) for x in (first_point(r1.stmt), *shortcut))
            else:
                order = _lex_lt(order_space, times.constants(r1.stmt), times.constants(r2.stmt))
                # the first instant has no target: the shortcut need not be tried again
                first = isl.Set.empty(time_space) if shortcut is EMPTY else first_instant(r1.stmt)
                found = _first_reuse(timed(k1), timed(k2), order, first)
                points = None if found is None else tuple(_trim(_point(x), n) for x in found)
            memo.put(key, points)
        if points is None:
            return None
        assert isinstance(points, tuple)
        p0, p1, p2 = (_pad(p, ndim) for p in points)
        first = next(k for k in range(ndim) if p0[k] != p1[k])
        # time dims are [b0, e0, b1, e1, ...]: an odd dim is the loop at depth (dim-1)/2,
        # whose path in the nest is the sequence positions b0, b1, ... before it
        carrier = tuple(p0[0:first:2]) if first % 2 == 1 else None
        if carrier is None and carried_only:
            return None
        ws_min = between(p0, p1, remembered_only)
        ws_max = between(p0, p2, remembered_only) if ws_min is not MISSING else MISSING
        if ws_max is MISSING:
            return MISSING
        return Reuse(
            kind=kinds[(r1.is_write, r2.is_write)], array=r1.array, source=r1, target=r2,
            source_instance=instance(p0) if describe else "", first_target=instance(p1) if describe else "",
            last_target=instance(p2) if describe else "",
            carrier=carrier, ws_min=ws_min, ws_max=ws_max,  # type: ignore[arg-type]
        )

    reuses: list[Reuse] = []
    too_complex = 0
    ctx = time_space.get_ctx()
    for k1, (r1, _) in enumerate(refs):
        for k2, (r2, _) in enumerate(refs):
            if r1.array != r2.array:
                continue
            # first from what is remembered (naming instances asks isl: not then)
            found = MISSING if describe else reuse(k1, k2, remembered_only=True)
            if found is MISSING:
                found = within_budget(ctx, REUSE_OPERATIONS, partial(reuse, k1, k2), TOO_COMPLEX)
            if found is TOO_COMPLEX:
                too_complex += 1
            elif found is not None:
                reuses.append(found)
    order = {k: n for n, k in enumerate(("RAR", "RAW", "WAR", "WAW"))}
    reuses.sort(key=lambda r: (r.array, order[r.kind], r.source.stmt, r.source.position, r.target.stmt,
                               r.target.position))
    return WorkingSetReport(reuses, caches, values, nest, too_complex)
