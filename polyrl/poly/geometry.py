"""Loop geometry with the parameters fixed: how many iterations a loop makes for one
iteration of the loops around it, where it starts and ends, how often it starts, and how
much work one run of a parallel loop holds.

Owns these counts for a (scop, nest, parameter values); they are exact isl counts, with
per-program memos (polyrl.poly.workingset.analysis_memo) so that the thousands of
questions an episode asks about one program cost little. The program graph's loop
features (polyrl.model.features), the action masks (polyrl.rl.actions), the policy's
and the macro schedules' parallel-work rule read them.
"""

from __future__ import annotations

import islpy as isl

from polyrl.ir import Scop
from polyrl.poly.boxes import EMPTY, instance_box
from polyrl.poly.counting import count_points, val_int, within_budget
from polyrl.poly.memo import MISSING
from polyrl.poly.params import resolve_params
from polyrl.poly.transform import Loop, LoopNest
from polyrl.poly.workingset import analysis_memo

# isl operations for one loop's bounds (see polyrl.poly.workingset.REUSE_OPERATIONS)
BOUNDS_OPERATIONS = 5_000_000
# a parameter whose value the program does not fix (a size passed at run time) counts as this
DEFAULT_PARAM_VALUE = 64

# A parallel region (one execution of a parallel loop) must hold at least this many
# statement instances on average: the instances of the statements inside the loop,
# counted exactly with the parameters fixed as in the masks, over the number of times the
# loop starts (the points of its enclosing time dimensions). Starting and joining a
# region costs about 30-200 us here with OMP_WAIT_POLICY=passive (jacobi-1d at MEDIUM: 200
# regions of 400 instances each took 5.7 ms instead of 31 us), so a smaller region cannot
# gain on two threads what it costs. The policy was trained on programs whose regions were
# mostly larger; inference (greedy and sampled) and the macro schedules drop the P actions
# whose loops are such in the nest of the whole schedule (polyrl.poly.macros.
# without_small_regions: a later action can move a loop that was large enough inward),
# after the episode or plan, whose later choices were made with them in place.
# 2**19 since session 43 (2**17 before): instances of vector code are cheap (0.22-0.33 ns a
# stencil point), so regions of 1.9-4.4 x 10**5 of them, run once a time step,
# still lost (0.55-0.72x on seed 140's stencils); on eight held-out generated sets of the Zen 3
# the larger threshold gained 2.4% a set (2**18: 1.6%), and on three fresh ones
# 0.999x, 0.986x and 1.046x (seeds 151, 152 and the stencil-rich 153; `reports/session43`).
MIN_PARALLEL_WORK = 1 << 19


class LoopGeometry:
    """Loop bounds and trip counts under a schedule, with the parameters fixed (for the
    graph's loop features and the action masks' extents).

    Results are remembered per program (polyrl.poly.memo.AnalysisMemo), keyed by the
    loop's level and the text of its statements' time maps, which is all they depend on."""

    def __init__(self, scop: Scop, nest: LoopNest, values: dict[str, int]):
        self.scop = scop
        self.memo = analysis_memo(scop, values)
        self.fix = self.memo.fix
        self._times = self.memo.times(scop, nest)

    @property
    def times(self) -> dict[str, isl.Set]:
        """Statement -> the time vectors of its instances."""
        return {s: self._times.range(s) for s in self._times.sched}

    @property
    def instances(self) -> dict[str, int]:
        """Statement -> number of instances."""
        return self.memo.instances(self.scop)

    def _key(self, what: str, loop: Loop, level: int, *extra: object) -> tuple:
        # the prefix keeps the time dimensions up to the loop's, inside its statements' own
        stmts = [s for s in loop.exprs if s in self._times.sched]
        return (what, BOUNDS_OPERATIONS, level, tuple(self._times.signature[s] for s in stmts), *extra)

    def _prefix(self, loop: Loop, level: int) -> isl.Set | None:
        """The time vectors of the loop's statements cut after the loop's dimension
        (2 * level + 1); None when it runs nothing."""
        sets = [self._times.range(s) for s in loop.exprs if s in self._times.sched]
        if not sets:
            return None
        t = sets[0]
        for x in sets[1:]:
            t = t.union(x)
        if t.is_empty():
            return None
        d = 2 * level + 1
        return t.project_out(isl.dim_type.set, d + 1, t.dim(isl.dim_type.set) - d - 1)

    def _box_ranges(self, loop: Loop, level: int) -> list[list[tuple[int, int]]] | None:
        """Per statement of the loop that has instances, the range of each time dimension
        up to the loop's, where those dimensions move with one iterator each (+-1, each
        its own) and the statement's domain is a box: its time vectors cut after the
        loop's dimension are then the product of these ranges. None otherwise (isl says)."""
        d = 2 * level + 1
        out = []
        for s in loop.exprs:
            if s not in self._times.sched:
                continue
            shape = self.memo.shape(self.scop, s)
            time = self.memo.time_rows(self._times, s)
            if shape is None or time is None or len(time) <= d:
                return None
            rows = time[: d + 1]
            moving = [p for coefs, _, den in rows for p, a in enumerate(coefs) if a]
            if any(den != 1 or sum(1 for a in coefs if a) > 1 or any(abs(a) > 1 for a in coefs)
                   for coefs, _, den in rows) or len(set(moving)) < len(moving):
                return None
            domain = instance_box(time, shape, ((), None, None, None))
            if domain is None:
                return None
            if domain is EMPTY:
                continue
            ranges = []
            for coefs, c, _ in rows:
                lo = hi = c
                for p, a in enumerate(coefs):
                    if a:
                        x0, x1 = domain[p]  # type: ignore[index]
                        lo, hi = (lo + x0, hi + x1) if a > 0 else (lo - x1, hi - x0)
                ranges.append((lo, hi))
            out.append(ranges)
        return out

    def span(self, loop: Loop, level: int, otherwise: int = 0) -> int:
        """Most iterations of the loop for one iteration of its enclosing loops (0 when it
        runs nothing, `otherwise` when isl runs out of BOUNDS_OPERATIONS)."""
        out = self._span(loop, level)
        return otherwise if out is None else out

    def _span(self, loop: Loop, level: int, prefix: isl.Set | None = None,
              boxes: list[list[tuple[int, int]]] | None = None) -> int | None:
        """`span`, None where isl could not say (remembered once for the graph's bounds and
        the masks' extents alike, which differ only in what they make of None). `prefix`
        (`_prefix(loop, level)`, where _box_ranges has none) or `boxes` (`_box_ranges`):
        what the caller has already."""
        key = self._key("span", loop, level)
        out = self.memo.get(key)
        if out is MISSING:
            d = 2 * level + 1
            if boxes is None and prefix is None:
                boxes = self._box_ranges(loop, level)
            if boxes is not None:
                # the largest difference over enclosing time vectors that two statements share
                out = self.memo.put(key, max((b1[d][1] - b2[d][0] + 1 for b1 in boxes for b2 in boxes
                                              if all(max(b1[j][0], b2[j][0]) <= min(b1[j][1], b2[j][1])
                                                     for j in range(d))), default=0))
            else:
                prefix = prefix if prefix is not None else self._prefix(loop, level)
                out = self.memo.put(key, 0 if prefix is None else _span(prefix, d))
        assert out is None or isinstance(out, int)
        return out

    def starts(self, loop: Loop, level: int) -> int:
        """How many times the loop starts: the points of the time dimensions before its
        own among its statements' instances (0 when it runs nothing)."""
        prefix = self._prefix(loop, level)
        return 0 if prefix is None else count_points(prefix.project_out(isl.dim_type.set, 2 * level + 1, 1))

    def bounds(self, loop: Loop, level: int) -> tuple[int, int, int]:
        """(least value, greatest value, most iterations per enclosing iteration)."""
        key = self._key("bounds", loop, level)
        out = self.memo.get(key)
        if out is MISSING:
            out = self.memo.put(key, self._bounds(loop, level))
        assert isinstance(out, tuple)
        return out

    def _bounds(self, loop: Loop, level: int) -> tuple[int, int, int]:
        boxes = self._box_ranges(loop, level)
        if boxes is not None:
            if not boxes:
                return 0, 0, 0
            d = 2 * level + 1
            lo, hi = min(b[d][0] for b in boxes), max(b[d][1] for b in boxes)
            trip = self._span(loop, level, boxes=boxes)
            assert trip is not None  # boxes always give one
            return lo, hi, trip
        prefix = self._prefix(loop, level)
        if prefix is None:
            return 0, 0, 0
        d = 2 * level + 1
        values = prefix.project_out(isl.dim_type.set, 0, d)

        def extreme(v: isl.Set) -> int:
            return val_int(v.sample_point().get_coordinate_val(isl.dim_type.set, 0))

        lo_hi = within_budget(prefix.get_ctx(), BOUNDS_OPERATIONS,
                              lambda: (extreme(values.lexmin()), extreme(values.lexmax())), None)
        if lo_hi is None:
            return 0, 0, 0
        lo, hi = lo_hi
        trip = self._span(loop, level, prefix)
        return lo, hi, hi - lo + 1 if trip is None else trip


def _span(prefix: isl.Set, d: int) -> int | None:
    """Over the values of the time dimensions before `d`, the largest difference of the
    greatest and least value of dimension d (as functions of the enclosing time), plus
    one; None when isl runs out of BOUNDS_OPERATIONS or the difference has rational
    coefficients. The lexmax of the deltas of all value pairs says the same, but can run
    for hours on skewed tiles (and isl's operation budget does not stop it)."""
    def compute() -> int | None:
        m = isl.Map.from_range(prefix).move_dims(isl.dim_type.in_, 0, isl.dim_type.out, 0, d)
        greatest = isl.PwMultiAff.from_map(m.lexmax()).get_pw_aff(0)
        least = isl.PwMultiAff.from_map(m.lexmin()).get_pw_aff(0)
        try:
            return val_int(greatest.sub(least).max_val()) + 1
        except isl.Error as e:
            # isl maximises integer affine pieces only; a piece with rational
            # coefficients (a skewed tile) gets the cruder bound
            if "expecting integer affine" not in str(e):
                raise
            return None

    return within_budget(prefix.get_ctx(), BOUNDS_OPERATIONS, compute, None)


def parallel_work(scop: Scop, nest: LoopNest, path: tuple[int, ...], level: int) -> float:
    """Mean statement instances of one execution of the loop at `level` on the branch at
    `path` (its statements' instances over the times it starts). Exact, unlike a product
    of the loops' largest extents, which on a triangular nest (lu's `j < i`) counts the
    largest region as every region."""
    geometry = LoopGeometry(scop, nest, resolve_params(scop, None, DEFAULT_PARAM_VALUE))
    loop = nest.loops_on(path)[level]
    instances = geometry.instances
    return sum(instances.get(s, 0) for s in loop.exprs) / max(geometry.starts(loop, level), 1)


def small_regions(scop: Scop, nest: LoopNest, minimum: int = MIN_PARALLEL_WORK) -> int:
    """How many parallel loops of `nest` hold fewer than `minimum` statement instances per
    execution (`parallel_work`); a loop around several branches counts once."""
    seen: set[int] = set()
    small = 0
    for path in nest.branches():
        for level, loop in enumerate(nest.loops_on(path)):
            if loop.parallel and id(loop) not in seen:
                seen.add(id(loop))
                small += parallel_work(scop, nest, path, level) < minimum
    return small
