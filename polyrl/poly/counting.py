"""Counting the integer points of bounded, parameter-free isl sets (`count_points`): exactly
where that is cheap (unions of boxes, small scans) and within a fraction of a percent for
large non-rectangular pieces; and isl calls under an operation budget (`within_budget`).

What is counted (working sets, instances, loop starts) is the callers' business.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

import islpy as isl
import numpy as np

T = TypeVar("T")


# isl's message when a call runs past `ctx.set_max_operations`
OUT_OF_OPERATIONS = "maximal number of operations exceeded"


def out_of_operations(e: isl.Error) -> bool:
    return OUT_OF_OPERATIONS in str(e)


class TooComplex(Exception):
    """A computation gave up rather than ask isl for more than it is worth (count_points'
    `give_up`); within_budget takes it as an exhausted budget."""


def within_budget(ctx: isl.Context, operations: int, compute: Callable[[], T], otherwise: T) -> T:
    """`compute()` with isl limited to `operations` operations on `ctx` (beyond them the
    isl call raises isl.Error); `otherwise` when it runs out of them or gives up
    (TooComplex; other isl errors propagate). A plain try/finally rather than a context manager: working sets ask
    once per pair of references, tens of thousands of times in an episode on adi."""
    before = ctx.get_max_operations()
    ctx.set_max_operations(operations)
    ctx.reset_operations()
    try:
        return compute()
    except isl.Error as e:
        if not out_of_operations(e):
            raise
        return otherwise
    except TooComplex:
        return otherwise
    finally:
        ctx.set_max_operations(before)
        ctx.reset_operations()


def _independent_dims(bs: isl.BasicSet) -> list[int]:
    """Dimensions no constraint ties to another dimension (or to a local variable)."""
    n = bs.dim(isl.dim_type.set)
    n_div = bs.dim(isl.dim_type.div)
    tied: set[int] = set()
    for c in bs.get_constraints():
        dims = [k for k in range(n) if not c.get_coefficient_val(isl.dim_type.set, k).is_zero()]
        divs = any(not c.get_coefficient_val(isl.dim_type.div, k).is_zero() for k in range(n_div))
        if len(dims) > 1 or divs:
            tied.update(dims)
    for d in range(n_div):  # isl lists a local variable's defining constraints, but be safe
        try:
            div = bs.get_div(d)
        except isl.Error:  # "some divs are unknown": only its constraints tie it (above)
            continue
        if div.is_nan():
            continue
        tied.update(k for k in range(n) if not div.get_coefficient_val(isl.dim_type.in_, k).is_zero())
    return [k for k in range(n) if k not in tied]


# isl's count_val scans every dimension but the innermost: above this many scanned points
# a piece is counted slice by slice along its outermost dimension instead
SCAN_LIMIT = 4096
SLICE_TOLERANCE = 1e-3  # relative error accepted where slice counts look linear


def _extent(bs: isl.BasicSet, k: int) -> tuple[int, int]:
    s = isl.Set.from_basic_set(bs)
    return val_int(s.dim_min_val(k)), val_int(s.dim_max_val(k))


def val_int(v: isl.Val) -> int:
    """An integer isl value. Calls that run out of `within_budget` do not all raise; their
    values then do not print as integers, and this raises isl.Error for them (with isl's
    own message, so `within_budget` recognizes it)."""
    text = v.to_str()
    if text is None or not text.lstrip("-").isdigit():
        raise isl.Error(f"isl returned `{text}` for an integer: {OUT_OF_OPERATIONS}")
    return int(text)


def _isl_count(bs: isl.BasicSet) -> int:
    return val_int(isl.Set.from_basic_set(bs).count_val())


# coefficients and bounds beyond this go to isl (the scan's int64 products stay far from overflow)
_SCAN_MAGNITUDE = 1 << 24


def _matrix_rows(bs: isl.BasicSet) -> tuple[list[list[int]], list[list[int]]]:
    """The equalities and inequalities of a basic set, each as its coefficients of the
    dimensions, the local variables and the parameters, then the constant (isl.Error for
    a coefficient beyond a C long)."""
    width = sum(bs.dim(t) for t in (isl.dim_type.set, isl.dim_type.div, isl.dim_type.param)) + 1
    cols = (isl.dim_type.set, isl.dim_type.div, isl.dim_type.param, isl.dim_type.cst)
    eqs, ineqs = bs.equalities_matrix(*cols), bs.inequalities_matrix(*cols)
    return tuple([[mat.get_element_val(r, k).get_num_si() for k in range(width)] for r in range(mat.rows())]
                 for mat in (eqs, ineqs))


def constraint_rows(bs: isl.BasicSet) -> tuple[list[list[int]], list[list[int]]] | None:
    """The equalities and inequalities `a . x + c (= or >=) 0` of a basic set without local
    variables or parameters, each as [a_0, ..., a_{n-1}, c]; None for any other set, or
    one with a coefficient beyond _SCAN_MAGNITUDE."""
    if bs.dim(isl.dim_type.div) or bs.dim(isl.dim_type.param):
        return None
    try:
        eqs, ineqs = _matrix_rows(bs)
    except isl.Error:  # a coefficient beyond a C long
        return None
    if any(abs(x) > _SCAN_MAGNITUDE for row in eqs + ineqs for x in row):
        return None
    return eqs, ineqs


def _scan_count(bs: isl.BasicSet, extents: list[tuple[int, int]]) -> int | None:
    """The integer points of a basic set without local variables or parameters whose
    dimensions but the innermost lie within `extents` (one (least, greatest) per outer
    dimension, at least the set's), counted as isl's count_val counts them: at every
    point of the outer dimensions' grid, the innermost dimension's interval that the
    constraints allow. None where the set is not of that kind (isl counts it then)."""
    rows = constraint_rows(bs)
    if rows is None:
        return None
    eqs, ineqs = rows
    n = bs.dim(isl.dim_type.set)
    if n == 0:
        return int(all(r[0] == 0 for r in eqs) and all(r[0] >= 0 for r in ineqs))
    if any(abs(v) > _SCAN_MAGNITUDE for e in extents for v in e):
        return None
    if n == 1:
        return _interval_count(eqs, ineqs)
    axes = [np.arange(lo, hi + 1, dtype=np.int64) for lo, hi in extents]
    counts = _fibers(eqs, ineqs, [a.reshape(-1) for a in np.meshgrid(*axes, indexing="ij")])
    return None if counts is None else int(counts.sum())


def _fibers(eqs: list[list[int]], ineqs: list[list[int]], grid: list[np.ndarray]) -> np.ndarray | None:
    """At each point of `grid` (the values of every dimension but the innermost, one
    array per dimension), the number of integer values of the innermost dimension that
    the constraints (constraint_rows) allow; None when they leave it unbounded."""
    n = len(grid) + 1
    size = grid[0].size
    parts = []
    for row, equality in [(r, True) for r in eqs] + [(r, False) for r in ineqs]:
        rest = np.full(size, row[n], dtype=np.int64)
        for k in range(n - 1):
            if row[k]:
                rest += row[k] * grid[k]
        parts.append((rest, row[n - 1], equality))
    return _innermost_counts(parts, size)


def _innermost_counts(parts: list[tuple[np.ndarray, int, bool]], size: int) -> np.ndarray | None:
    """_fibers from its constraints as (rest, a, equality): a * z + rest (= or >=) 0 on
    the innermost dimension z, `rest` the value of the other terms at each of the `size`
    points."""
    ok = np.ones(size, dtype=bool)
    lo = hi = None
    for rest, a, equality in parts:
        if a == 0:
            ok &= (rest == 0) if equality else (rest >= 0)
            continue
        # the constraint a * z + rest (= or >=) 0 on the innermost dimension z
        least = greatest = None
        if equality:
            ok &= rest % a == 0
            least = greatest = -rest // a  # z = -rest / a, exact where ok
        elif a > 0:
            least = -(rest // a)  # z >= ceil(-rest / a)
        else:
            greatest = rest // -a  # z <= floor(rest / -a)
        if least is not None:
            lo = least if lo is None else np.maximum(lo, least)
        if greatest is not None:
            hi = greatest if hi is None else np.minimum(hi, greatest)
    if lo is None or hi is None:
        return None  # unbounded innermost dimension: isl says what it makes of it
    return np.where(ok, np.maximum(hi - lo + 1, 0), 0)


def _interval_count(eqs: list[list[int]], ineqs: list[list[int]]) -> int | None:
    """_scan_count of a one-dimensional set given by its constraints [a, c]."""
    lo = hi = None
    for (a, c), equality in [(r, True) for r in eqs] + [(r, False) for r in ineqs]:
        if a == 0:
            if (c != 0) if equality else (c < 0):
                return 0
            continue
        least = greatest = None
        if equality:
            if c % a:
                return 0
            least = greatest = -c // a
        elif a > 0:
            least = -(c // a)
        else:
            greatest = c // -a
        if least is not None:
            lo = least if lo is None else max(lo, least)
        if greatest is not None:
            hi = greatest if hi is None else min(hi, greatest)
    if lo is None or hi is None:
        return None
    return max(hi - lo + 1, 0)


def _small_count(bs: isl.BasicSet) -> int:
    """Points of a basic set of at most one dimension (exactly; isl where _scan_count
    cannot)."""
    found = _scan_count(bs, []) if bs.dim(isl.dim_type.set) <= 1 else None
    return _isl_count(bs) if found is None else found


def _count_piece(bs: isl.BasicSet) -> int:
    """Points of a bounded, parameter-free basic set: exact when isl's scan is cheap;
    otherwise the sum over the outermost dimension x of the slice counts f(x), found by
    bisection: where f at the middle of an interval is within SLICE_TOLERANCE of the line
    through its ends, the interval is summed as that line, else both halves are split
    again (down to single slices, which are exact). Slice counts of affine sets are
    piecewise polynomial in x, so the result is within a fraction of a percent (the
    features, log-scaled, do not see it), and the same set always gets the same count."""
    n = bs.dim(isl.dim_type.set)
    if n <= 1:
        return _small_count(bs)
    extents = [_extent(bs, k) for k in range(n - 1)]
    scanned = 1
    for lo, hi in extents:
        scanned *= max(0, hi - lo + 1)
    if scanned <= SCAN_LIMIT:
        found = _scan_count(bs, extents) if scanned else 0
        return _isl_count(bs) if found is None else found
    ctx = bs.get_ctx()
    memo: dict[int, int] = {}
    sliced = _slice_counts(bs, extents)

    def f(x: int) -> int:
        if x not in memo:
            if sliced is not None:
                memo[x] = sliced(x)
            else:
                piece = bs.fix_val(isl.dim_type.set, 0, isl.Val.int_from_si(ctx, x)).project_out(isl.dim_type.set, 0, 1)
                memo[x] = 0 if piece.is_empty() else _count_piece(piece)
        return memo[x]

    return _sliced_sum(f, *extents[0])


def _sliced_sum(f: Callable[[int], int], lo: int, hi: int) -> int:
    """Sum of the slice counts f(x) over lo <= x <= hi, by bisection (see _count_piece)."""
    def between(a: int, b: int) -> float:
        """Sum of f over a < x < b."""
        if b - a <= 1:
            return 0.0
        m = (a + b) // 2
        line = f(a) + (f(b) - f(a)) * (m - a) / (b - a)
        if abs(f(m) - line) <= SLICE_TOLERANCE * max(1.0, abs(f(m))) and b - a > 2:
            return (b - a - 1) * (f(a) + f(b)) / 2  # the line's values at a+1 .. b-1
        return between(a, m) + f(m) + between(m, b)

    if lo == hi:
        return f(lo)
    return int(round(f(lo) + between(lo, hi) + f(hi)))


def _slice_counts(bs: isl.BasicSet, extents: list[tuple[int, int]]) -> Callable[[int], int] | None:
    """For a basic set of two or three dimensions without local variables or parameters,
    whose outer dimensions lie within `extents`: x -> what _count_piece gives for its
    slice at first dimension x, computed from its constraints (the slice's inner counts
    by _fibers, its extent from where they are not zero) instead of by isl slice by
    slice. None for other sets."""
    n = bs.dim(isl.dim_type.set)
    rows = constraint_rows(bs) if n in (2, 3) else None
    if rows is None or any(abs(v) > _SCAN_MAGNITUDE for e in extents for v in e):
        return None
    eqs, ineqs = rows
    inner = [r[n - 1] for r in ineqs]
    if not any(r[n - 1] for r in eqs) and not (any(a > 0 for a in inner) and any(a < 0 for a in inner)):
        return None  # the innermost dimension is unbounded (_fibers would say None)
    if n == 2:
        x0, x1 = extents[0]
        counts = _fibers(eqs, ineqs, [np.arange(x0, x1 + 1, dtype=np.int64)])
        assert counts is not None
        return lambda x: int(counts[x - x0])  # a one-dimensional slice is counted exactly
    y0, y1 = extents[1]
    ys = np.arange(y0, y1 + 1, dtype=np.int64)
    # each constraint a0 * x + a1 * y + a2 * z + c as (a1 * y + c over ys, a0, a2): a
    # slice adds a0 * x to the first (what _fibers would compute of [x, ys], the same
    # integers, without making the part in y again for every slice the bisection asks)
    prepared = []
    for row, equality in [(r, True) for r in eqs] + [(r, False) for r in ineqs]:
        in_y = np.full(ys.size, row[3], dtype=np.int64)
        if row[1]:
            in_y += row[1] * ys
        prepared.append((in_y, row[0], row[2], equality))

    def count(x: int) -> int:
        fibers = _innermost_counts([(in_y + a0 * x if a0 else in_y, a2, equality)
                                    for in_y, a0, a2, equality in prepared], ys.size)
        assert fibers is not None
        (present,) = np.nonzero(fibers)
        if not present.size:
            return 0  # an empty slice
        lo, hi = y0 + int(present[0]), y0 + int(present[-1])  # the slice's extent
        if hi - lo + 1 <= SCAN_LIMIT:
            return int(fibers.sum())
        return _sliced_sum(lambda y: int(fibers[y - y0]), lo, hi)

    return count


# slabs the sweep over a union of boxes may visit before the union goes to isl instead
BOX_SWEEP_LIMIT = 20_000


class _SweepTooLong(Exception):
    pass


def _box(bs: isl.BasicSet) -> tuple[bool, tuple[tuple[int, int], ...]] | None:
    """(whether it has points, per dimension its least and greatest value) of a basic set
    without local variables or parameters whose every constraint bounds one dimension (a
    box); None for any other basic set."""
    if bs.dim(isl.dim_type.div) or bs.dim(isl.dim_type.param):
        return None
    n = bs.dim(isl.dim_type.set)
    lo: list[int | None] = [None] * n
    hi: list[int | None] = [None] * n
    nonempty = True
    try:
        for mat, equality in ((bs.equalities_matrix(isl.dim_type.set, isl.dim_type.div, isl.dim_type.param,
                                                    isl.dim_type.cst), True),
                              (bs.inequalities_matrix(isl.dim_type.set, isl.dim_type.div, isl.dim_type.param,
                                                      isl.dim_type.cst), False)):
            for r in range(mat.rows()):
                # the constraint sum(a_k x_k) + c (= or >=) 0
                row = [mat.get_element_val(r, k).get_num_si() for k in range(n + 1)]
                dims = [k for k in range(n) if row[k]]
                c = row[n]
                if len(dims) > 1:
                    return None
                if not dims:
                    nonempty = nonempty and (c == 0 if equality else c >= 0)
                    continue
                k = dims[0]
                a = row[k]
                if equality:
                    if c % a:
                        nonempty = False
                        continue
                    least = greatest = -c // a
                elif a > 0:  # x >= ceil(-c / a)
                    least, greatest = -(c // a), None
                else:  # x <= floor(c / -a)
                    least, greatest = None, c // -a
                if least is not None:
                    lo[k] = least if lo[k] is None else max(lo[k], least)
                if greatest is not None:
                    hi[k] = greatest if hi[k] is None else min(hi[k], greatest)
    except isl.Error:  # a coefficient beyond a C long
        return None
    if any(x is None for x in lo) or any(x is None for x in hi):
        return None  # unbounded: isl says what it makes of it
    bounds = tuple(zip(lo, hi, strict=True))
    return nonempty and all(a <= b for a, b in bounds), bounds  # type: ignore[operator]


def _union_volume(boxes: list[tuple[tuple[int, int], ...]], budget: list[int]) -> int:
    """Integer points in a union of non-empty boxes: a sweep along the first dimension,
    slab by slab (the stretches over which the same boxes cover it), each slab counting
    the union of those boxes' other dimensions the same way."""
    if len(boxes) == 1:
        count = 1
        for a, b in boxes[0]:
            count *= b - a + 1
        return count
    if not boxes[0]:
        return 1  # zero-dimensional: one point
    if len(boxes[0]) == 1:
        return _interval_union(boxes, budget)
    cuts = sorted({b[0][0] for b in boxes} | {b[0][1] + 1 for b in boxes})
    total = 0
    seen: dict[tuple, int] = {}
    spans = [(box[0][0], box[0][1] + 1, box[1:]) for box in boxes]
    for a, b in zip(cuts, cuts[1:], strict=False):
        budget[0] -= 1
        if budget[0] < 0:
            raise _SweepTooLong
        inner = tuple(dict.fromkeys(rest for start, stop, rest in spans if start <= a and stop >= b))
        if not inner:
            continue
        if inner not in seen:
            seen[inner] = _union_volume(list(inner), budget)
        total += (b - a) * seen[inner]
    return total


def _interval_union(boxes: list[tuple[tuple[int, int], ...]], budget: list[int]) -> int:
    """_union_volume of one-dimensional boxes, by merging the intervals in order rather
    than testing every interval at each slab of the sweep (most calls are of this kind:
    the innermost level of every sweep). It spends as much of the budget as the sweep
    would, one per slab, so the same unions are given up on."""
    intervals = sorted(box[0] for box in boxes)
    budget[0] -= len({a for a, _ in intervals} | {b + 1 for _, b in intervals}) - 1
    if budget[0] < 0:
        raise _SweepTooLong
    total, end = 0, None
    for a, b in intervals:
        if end is None or a > end:
            total += b - a + 1
            end = b
        elif b > end:
            total += b - end
            end = b
    return total


# a union of more pieces than this is counted on a grid of its bounding box (_grid_count)
# where that is small enough, rather than made disjoint first
GRID_PIECES = 40
GRID_WORK = 4_000_000  # pieces times points of the bounding box, at most, for _grid_count


def _grid_count(s: isl.Set, pieces: list[isl.BasicSet]) -> int | None:
    """The points of `s` (whose pieces are `pieces`), marked piece by piece on a grid of its
    bounding box. A piece's local variables are evaluated on the grid where isl knows them
    as integer divisions of the dimensions; a piece with a single local variable that
    isl does not define that way holds a point where the variable's bounds there (from
    each constraint, exact over the integers for one variable) leave an integer
    between them. Linear in the pieces, where making a union disjoint first grows with
    their overlaps: a working set of a tiled and skewed jacobi-2d at MEDIUM, a 33 x 33
    box in 123 overlapping pieces, took 20 s that way and another did not finish in 9
    minutes (session 26). None where the box holds more than GRID_WORK / pieces points
    or a piece has several local variables, not all of them defined."""
    n = s.dim(isl.dim_type.set)
    if n == 0 or s.dim(isl.dim_type.param):
        return None
    extents = [(val_int(s.dim_min_val(k)), val_int(s.dim_max_val(k))) for k in range(n)]
    size = 1
    for lo, hi in extents:
        size *= max(hi - lo + 1, 0)
    if size == 0:
        return 0
    if size * len(pieces) > GRID_WORK:
        return None
    axes = [np.arange(lo, hi + 1, dtype=np.int64) for lo, hi in extents]
    grid = [a.reshape(-1) for a in np.meshgrid(*axes, indexing="ij")]
    marked = np.zeros(size, dtype=bool)
    for bs in pieces:
        inside = _grid_piece(bs, grid, size)
        if inside is None:
            return None
        marked |= inside
    return int(marked.sum())


def _times(v: isl.Val, den: int) -> int:
    """A rational isl value times `den`, which makes it an integer."""
    value = Fraction(v.get_num_si(), v.get_den_val().get_num_si()) * den
    if value.denominator != 1:
        raise isl.Error(f"{v.to_str()} times {den} is not an integer")
    return int(value)


def _grid_piece(bs: isl.BasicSet, grid: list[np.ndarray], size: int) -> np.ndarray | None:
    """Which points of `grid` lie in the basic set `bs` (see _grid_count), or None."""
    n = len(grid)
    ndiv = bs.dim(isl.dim_type.div)
    values = list(grid)  # the dimensions, then the local variables isl defines
    try:
        for d in range(ndiv):
            div = bs.get_div(d)
            if div.is_nan():
                raise isl.Error("an undefined local variable")
            den = val_int(div.get_denominator_val())
            num = np.full(size, _times(div.get_constant_val(), den), dtype=np.int64)
            for k in range(n + d):
                kind, at = (isl.dim_type.in_, k) if k < n else (isl.dim_type.div, k - n)
                c = _times(div.get_coefficient_val(kind, at), den)
                if c:
                    num += c * values[k]
            values.append(np.floor_divide(num, den))
        free = None  # every local variable is defined
    except isl.Error:
        if ndiv != 1:
            return None
        values, free = list(grid), n  # one local variable, bounded below
    eqs, ineqs = _matrix_rows(bs)  # (parameter-free: the last column is the constant)
    inside = np.ones(size, dtype=bool)
    low = high = None  # the undefined variable's bounds at each point, once it has some
    for row, equality in [(r, True) for r in eqs] + [(r, False) for r in ineqs]:
        rest = np.full(size, row[-1], dtype=np.int64)
        for k, value in enumerate(values):
            if row[k]:
                rest += row[k] * value
        b = row[free] if free is not None else 0
        if b == 0:
            inside &= (rest == 0) if equality else (rest >= 0)
            continue
        if equality:  # rest + b e = 0
            inside &= rest % abs(b) == 0
        lo = -rest // b if equality else -(rest // b) if b > 0 else None  # e >= -rest / b
        hi = -rest // b if equality else rest // -b if b < 0 else None  # e <= rest / -b
        if lo is not None:
            low = lo if low is None else np.maximum(low, lo)
        if hi is not None:
            high = hi if high is None else np.minimum(high, hi)
    if low is not None and high is not None:
        inside &= low <= high
    return inside


def _undefined(bs: isl.BasicSet) -> bool:
    """Whether some local variable of the piece is not an integer division isl knows."""
    try:
        return any(bs.get_div(d).is_nan() for d in range(bs.dim(isl.dim_type.div)))
    except isl.Error:  # "some divs are unknown"
        return True


# count_points(give_up=...) gives up on a piece with several local variables, not all of them defined by isl, where
# a constraint's coefficient of one of them is beyond this (see there)
LOCAL_COEFFICIENT_LIMIT = 4096


def _hard_to_define(bs: isl.BasicSet) -> bool:
    """Whether isl would have to define several local variables of `bs` (some not yet defined) whose constraints
    have a coefficient beyond LOCAL_COEFFICIENT_LIMIT (count_points' give_up)."""
    ndiv = bs.dim(isl.dim_type.div)
    if ndiv < 2 or not _undefined(bs):
        return False
    return any(abs(c.get_coefficient_val(isl.dim_type.div, d).to_python()) > LOCAL_COEFFICIENT_LIMIT
               for c in bs.get_constraints() for d in range(ndiv))


def count_points(s: isl.Set, give_up: int = 0) -> int:
    """Number of integer points of a bounded, parameter-free set.

    `give_up`: raise TooComplex, rather than count, a union that _grid_count cannot take
    with more than this many pieces whose local variables isl does not define. isl must
    eliminate those variables to make the union disjoint, and that grows with every
    piece: such a union of 123 pieces within a 250 x 250 box took 20 s (a working set of
    a tiled and skewed jacobi-2d, session 26). With `give_up`, a union is also too complex
    when one of its pieces has several local variables, not all of them defined, with a
    coefficient beyond LOCAL_COEFFICIENT_LIMIT (`_hard_to_define`): isl defines them before
    anything else (isl_set_compute_divs, by parametric integer programming, which never
    looks at isl's operation limit), and one such piece of one dimension, `exists e0:
    148480 - i0 - 2e0 <= 1024*floor(e0/32768) <= 149503 - i0 - 2e0` (a policy sample's
    working set on a generated program at scale 128, session 62), ran for more than 16
    minutes. The jacobi-2d pieces above (coefficients up to 96) are counted as before; no
    piece with several local variables not all defined came up at all in the working sets
    of PolyBench at MEDIUM nor of 140 generated programs' candidates (session 62). 0: never
    give up.

    A union of boxes (every piece's constraints each bound one dimension) is counted
    exactly without isl, by a sweep (_union_volume), unless it would take more than
    BOX_SWEEP_LIMIT slabs. Otherwise: isl's count_val scans every dimension but the
    innermost, so a 5-d box of 40^5 points takes seconds. Here each piece of a disjoint
    decomposition is split first into its independent dimensions (counted one by one, as
    intervals) and the rest, whose counts multiply. The rest is counted exactly when its
    scan is small (SCAN_LIMIT; by the same scan as isl's, vectorized, see _scan_count,
    which takes a tenth of isl's time) and estimated from slices otherwise (see
    _count_piece): exact for everything but large non-rectangular pieces, such as a
    triangular 2000^3 iteration domain.
    """
    pieces = s.get_basic_sets()
    boxes = []
    for bs in pieces:
        box = _box(bs)
        if box is None:
            break
        if box[0]:
            boxes.append(box[1])
    else:
        if not boxes:
            return 0
        try:
            return _union_volume(list(dict.fromkeys(boxes)), [BOX_SWEEP_LIMIT])
        except _SweepTooLong:
            pass
    if give_up and len(pieces) > give_up and sum(_undefined(bs) for bs in pieces) > give_up:
        raise TooComplex(f"{len(pieces)} pieces, more than {give_up} with local variables isl does not define")
    if give_up and any(_hard_to_define(bs) for bs in pieces):
        raise TooComplex(f"a piece with several local variables, not all of them defined by isl, and a coefficient "
                         f"of one beyond {LOCAL_COEFFICIENT_LIMIT}")
    if len(pieces) > GRID_PIECES:
        counted = _grid_count(s, pieces)
        if counted is not None:
            return counted
    total = 0
    for bs in s.coalesce().make_disjoint().get_basic_sets():
        if bs.is_empty():
            continue
        free = _independent_dims(bs)
        if not free:
            total += _count_piece(bs)
            continue
        n = bs.dim(isl.dim_type.set)
        count = 1
        for k in free:
            count *= _small_count(bs.project_out(isl.dim_type.set, k + 1, n - k - 1).project_out(isl.dim_type.set, 0, k))
        rest = bs
        for k in reversed(free):
            rest = rest.project_out(isl.dim_type.set, k, 1)
        total += count * (_count_piece(rest) if rest.dim(isl.dim_type.set) else 1)
    return total


def union_volume_within(boxes: list[tuple[tuple[int, int], ...]]) -> int | None:
    """_union_volume of non-empty boxes, or None when the sweep would take more than
    BOX_SWEEP_LIMIT slabs (count_points then asks isl)."""
    try:
        return _union_volume(boxes, [BOX_SWEEP_LIMIT]) if boxes else 0
    except _SweepTooLong:
        return None
