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
fastest level it fits in, or to main memory ("mem"). Cache sizes are read from
/sys/devices/system/cpu/cpu0/cache (data and unified caches) unless given.
"""

from __future__ import annotations

import re
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

import islpy as isl
import numpy as np

from polyrl.errors import PolyrlError
from polyrl.ir import ArrayRef, Binary, Cast, Expr, Iter, Num, Param, Scalar, Scop, Statement, Unary, walk
from polyrl.poly.describe import ref_text
from polyrl.poly.transform import Leaf, Loop, LoopNest, original_nest, to_union_map

MEMORY = "mem"  # the level of a reuse that fits in no cache
T = TypeVar("T")

_SYS_CACHE = Path("/sys/devices/system/cpu/cpu0/cache")
_DEFAULT_CACHES = (("L1", 32 << 10), ("L2", 1 << 20), ("L3", 32 << 20))

CTYPE_BYTES: dict[str, int] = {
    "char": 1, "short": 2, "int": 4, "long": 8, "long long": 8,
    "float": 4, "double": 8, "long double": 16,
    "int8_t": 1, "int16_t": 2, "int32_t": 4, "int64_t": 8, "size_t": 8,
}


def element_bytes(ctype: str) -> int:
    """sizeof of a C element type; 8 for types this table does not know."""
    words = [w for w in ctype.replace("*", " ").split() if w not in ("const", "volatile", "signed", "unsigned")]
    name = " ".join(words) or "int"  # plain `unsigned` is an int
    if name.startswith("u") and name[1:] in CTYPE_BYTES:  # uint32_t and friends
        name = name[1:]
    return CTYPE_BYTES.get(name, 8)


# ---------------------------------------------------------------- caches


@dataclass(frozen=True)
class CacheLevel:
    name: str  # "L1", "L2", ...
    size: int  # bytes


def parse_size(text: str) -> int:
    """`32K`, `1M`, `32768K`, `2G` (binary multiples) or plain bytes."""
    m = re.fullmatch(r"\s*(\d+)\s*([KMG]?)(?:i?B)?\s*", text, flags=re.I)
    if not m:
        raise PolyrlError(f"cannot read the cache size `{text}`; write e.g. 32K, 1M or 32768")
    return int(m.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[m.group(2).upper()]


def parse_caches(spec: str) -> tuple[CacheLevel, ...]:
    """`L1=32K,L2=1M,L3=32M` -> cache levels, fastest first."""
    levels = []
    for item in spec.split(","):
        if not item.strip():
            continue
        name, sep, size = item.partition("=")
        if not sep or not name.strip():
            raise PolyrlError(f"cannot read the cache level `{item.strip()}`; write e.g. L1=32K,L2=1M,L3=32M")
        levels.append(CacheLevel(name.strip(), parse_size(size)))
    if not levels:
        raise PolyrlError("no cache level given; write e.g. L1=32K,L2=1M,L3=32M")
    return tuple(sorted(levels, key=lambda c: c.size))


def detect_caches(root: Path = _SYS_CACHE) -> tuple[CacheLevel, ...]:
    """The data/unified caches of cpu0 from sysfs; a common default where sysfs says nothing."""
    found: dict[int, int] = {}
    for d in sorted(root.glob("index*")):
        try:
            kind = (d / "type").read_text().strip()
            level = int((d / "level").read_text())
            size = parse_size((d / "size").read_text())
        except (OSError, ValueError, PolyrlError):
            continue
        if kind == "Instruction":
            continue
        found[level] = max(size, found.get(level, 0))
    if not found:
        return tuple(CacheLevel(n, s) for n, s in _DEFAULT_CACHES)
    return tuple(CacheLevel(f"L{lvl}", found[lvl]) for lvl in sorted(found))


def format_size(n: int) -> str:
    """Bytes for people: `512 B`, `32 KiB`, `1.5 MiB`."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.4g} {unit}"
    return f"{n} B"


def level_of(nbytes: int, caches: tuple[CacheLevel, ...]) -> str:
    """The fastest cache level `nbytes` fits in, or MEMORY."""
    for c in caches:
        if nbytes <= c.size:
            return c.name
    return MEMORY


# ---------------------------------------------------------------- references


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


# ---------------------------------------------------------------- reuses


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


def resolve_params(scop: Scop, values: Mapping[str, int] | None = None, default: int | None = None) -> dict[str, int]:
    """A value for every parameter: `values`, else the Scop's, else `default`; a
    PolyrlError naming the parameters left without one."""
    out: dict[str, int] = {}
    missing = []
    for p in scop.params:
        v = (values or {}).get(p, scop.param_values.get(p))
        if v is None:
            v = default
        if v is None:
            missing.append(p)
        else:
            out[p] = int(v)
    if missing:
        raise PolyrlError(
            f"parameter(s) {', '.join(missing)} have no known value; give them, e.g. "
            + " ".join(f"--param {p}=100" for p in missing),
            scop.source_path or None,
        )
    return out


class FixedParams:
    """Fixes every parameter to its value and projects the parameters away, so that
    every set is bounded and isl counts it exactly."""

    def __init__(self, scop: Scop, values: dict[str, int]):
        ctx = scop.context
        for p, v in values.items():
            pos = ctx.get_space().find_dim_by_name(isl.dim_type.param, p)
            if pos >= 0:
                ctx = ctx.fix_val(isl.dim_type.param, pos, isl.Val.int_from_si(ctx.get_ctx(), v))
        self.ctx = ctx

    def __call__(self, obj):
        return obj.intersect_params(self.ctx.align_params(obj.get_space())).project_out_all_params()


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
        div = bs.get_div(d)
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
        raise isl.Error(f"isl returned `{text}` for an integer: maximal number of operations exceeded")
    return int(text)


def _isl_count(bs: isl.BasicSet) -> int:
    return val_int(isl.Set.from_basic_set(bs).count_val())


# coefficients and bounds beyond this go to isl (the scan's int64 products stay far from overflow)
_SCAN_MAGNITUDE = 1 << 24


def _rows(bs: isl.BasicSet) -> tuple[list[list[int]], list[list[int]]] | None:
    """The equalities and inequalities `a . x + c (= or >=) 0` of a basic set without local
    variables or parameters, each as [a_0, ..., a_{n-1}, c]; None for any other set, or
    one with a coefficient beyond _SCAN_MAGNITUDE."""
    if bs.dim(isl.dim_type.div) or bs.dim(isl.dim_type.param):
        return None
    n = bs.dim(isl.dim_type.set)
    out: list[list[list[int]]] = []
    try:
        for mat in (bs.equalities_matrix(isl.dim_type.set, isl.dim_type.div, isl.dim_type.param, isl.dim_type.cst),
                    bs.inequalities_matrix(isl.dim_type.set, isl.dim_type.div, isl.dim_type.param, isl.dim_type.cst)):
            rows = [[mat.get_element_val(r, k).get_num_si() for k in range(n + 1)] for r in range(mat.rows())]
            if any(abs(x) > _SCAN_MAGNITUDE for row in rows for x in row):
                return None
            out.append(rows)
    except isl.Error:  # a coefficient beyond a C long
        return None
    return out[0], out[1]


def _scan_count(bs: isl.BasicSet, extents: list[tuple[int, int]]) -> int | None:
    """The integer points of a basic set without local variables or parameters whose
    dimensions but the innermost lie within `extents` (one (least, greatest) per outer
    dimension, at least the set's), counted as isl's count_val counts them: at every
    point of the outer dimensions' grid, the innermost dimension's interval that the
    constraints allow. None where the set is not of that kind (isl counts it then)."""
    rows = _rows(bs)
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
    the constraints (_rows) allow; None when they leave it unbounded."""
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
    rows = _rows(bs) if n in (2, 3) else None
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


def count_points(s: isl.Set) -> int:
    """Number of integer points of a bounded, parameter-free set.

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
    boxes = []
    for bs in s.get_basic_sets():
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


def _point(s: isl.Set) -> tuple[int, ...]:
    p = s.sample_point()
    return tuple(val_int(p.get_coordinate_val(isl.dim_type.set, k)) for k in range(s.dim(isl.dim_type.set)))


# a box of time vectors: (values of the leading dimensions, then optionally a dimension
# and its lower and upper bound)
Box = tuple[tuple[int, ...], int | None, int | None, int | None]


def _lex_boxes(lo: tuple[int, ...], hi: tuple[int, ...]) -> list[Box]:
    """{t : lo <=lex t <=lex hi} as disjoint boxes: after the common prefix (dims < d),
    either t[d] = lo[d] and the rest is >= lo's rest, or lo[d] < t[d] < hi[d], or t[d] =
    hi[d] and the rest is <= hi's rest."""
    n = len(lo)
    d = next((k for k in range(n) if lo[k] != hi[k]), n)
    boxes: list[Box] = [(lo, None, None, None)]
    if d == n:
        return boxes
    boxes.append((hi, None, None, None))
    for k in range(d + 1, n):
        boxes.append((lo[:k], k, lo[k] + 1, None))
        boxes.append((hi[:k], k, None, hi[k] - 1))
    if hi[d] - lo[d] > 1:
        boxes.append((lo[:d], d, lo[d] + 1, hi[d] - 1))
    return boxes


def _box_set(space: isl.Space, box: Box) -> isl.Set:
    fixed, k, low, high = box
    ctx = space.get_ctx()
    s = isl.Set.universe(space)
    for j, v in enumerate(fixed):
        s = s.fix_val(isl.dim_type.set, j, isl.Val.int_from_si(ctx, v))
    if low is not None:
        s = s.lower_bound_val(isl.dim_type.set, k, isl.Val.int_from_si(ctx, low))
    if high is not None:
        s = s.upper_bound_val(isl.dim_type.set, k, isl.Val.int_from_si(ctx, high))
    return s


def _box_admits(box: Box, constants: list[int | None]) -> bool:
    """Whether time vectors whose dimensions k with constants[k] not None equal it can lie
    in the box."""
    fixed, k, low, high = box
    if any(c is not None and c != v for c, v in zip(constants, fixed, strict=False)):
        return False
    c = constants[k] if k is not None else None
    return c is None or ((low is None or c >= low) and (high is None or c <= high))


def _boxes_after(p: tuple[int, ...], constants: list[int | None]) -> list[Box]:
    """The boxes (p[:d], d, p[d] + 1, None) of the time vectors after p (by the first
    dimension d where they differ) that _box_admits for `constants`, in order of d: once
    the constants part from p, no later box admits."""
    out: list[Box] = []
    for d, (x, c) in enumerate(zip(p, constants, strict=True)):
        if c is None or c > x:
            out.append((p[:d], d, x + 1, None))
        if c is not None and c != x:
            break
    return out


def _admitted(lo: tuple[int, ...], hi: tuple[int, ...], constants: list[int | None]) -> list[int]:
    """The indices of the boxes of _lex_boxes(lo, hi) that _box_admits for `constants`,
    in order, without testing every box: a box fixing a prefix of `lo` (or `hi`) admits
    only when the constants agree with that prefix. (Asked for every statement of every
    interval: one pass over the dimensions finds where the ends part and where the
    constants stop agreeing with each.)"""
    n = len(lo)
    d = a_lo = a_hi = n  # first dimension where lo and hi differ, where lo (hi) and the constants do
    for k in range(n):
        x, y, c = lo[k], hi[k], constants[k]
        if d == n and x != y:
            d = k
        if c is not None:
            if a_lo == n and c != x:
                a_lo = k
            if a_hi == n and c != y:
                a_hi = k
    out = [0] if a_lo == n else []
    if d == n:
        return out
    if a_hi == n:
        out.append(1)
    for k in range(d + 1, min(max(a_lo, a_hi) + 1, n)):
        c = constants[k]
        if k <= a_lo and (c is None or c >= lo[k] + 1):
            out.append(2 + 2 * (k - d - 1))
        if k <= a_hi and (c is None or c <= hi[k] - 1):
            out.append(3 + 2 * (k - d - 1))
    c = constants[d]
    if hi[d] - lo[d] > 1 and d <= a_lo and (c is None or lo[d] + 1 <= c <= hi[d] - 1):
        out.append(2 + 2 * (n - d - 1))
    return out


def _union_of_boxes(space: isl.Space, boxes: list[Box], sets: dict[Box, isl.Set] | None = None,
                    keep: list[int] | None = None) -> isl.Set | None:
    """The union of the boxes (those at indices `keep`, in order; all by default); None
    when there are none. `sets` remembers the boxes made (in `space`)."""
    sets = sets if sets is not None else {}
    result = None
    for i in (keep if keep is not None else range(len(boxes))):
        box = sets.get(boxes[i])
        if box is None:
            box = sets[boxes[i]] = _box_set(space, boxes[i])
        result = box if result is None else result.union(box)
    return result


def _lex_interval(space: isl.Space, lo: tuple[int, ...], hi: tuple[int, ...]) -> isl.Set:
    """{t : lo <=lex t <=lex hi} as a union of disjoint boxes (_lex_boxes). Each box fixes
    a prefix, so isl intersects it cheaply, unlike its generic lexicographic order maps."""
    result = _union_of_boxes(space, _lex_boxes(lo, hi))
    assert result is not None
    return result


# isl operations one pair of references may take (its reuse relation, the first source and
# targets, both working sets; about a second): a lexicographic optimum in the working sets
# of some skewed and tiled schedule ran for over 15 minutes in training, while every pair of
# 60 generated (program, schedule) pairs and of the PolyBench kernels at LARGE needs under
# a fifth of this
REUSE_OPERATIONS = 5_000_000
TOO_COMPLEX = object()  # what `reuse` gives for a pair over budget


def within_budget(ctx: isl.Context, operations: int, compute: Callable[[], T], otherwise: T) -> T:
    """`compute()` with isl limited to `operations` operations on `ctx` (beyond them the
    isl call raises isl.Error); `otherwise` when it runs out of them (other isl errors
    propagate). A plain try/finally rather than a context manager: working sets ask
    once per pair of references, tens of thousands of times in an episode on adi."""
    before = ctx.get_max_operations()
    ctx.set_max_operations(operations)
    ctx.reset_operations()
    try:
        return compute()
    except isl.Error as e:
        if "maximal number of operations exceeded" not in str(e):
            raise
        return otherwise
    finally:
        ctx.set_max_operations(before)
        ctx.reset_operations()


# ---------------------------------------------------------------- boxes without isl

# an affine function of a statement's iterators: (coefficient per iterator, constant)
Affine = tuple[tuple[int, ...], int]
# floor((a . x + c) / d) of a statement's iterators x, as (a, c, d): a loop's value in a
# time vector (d > 1 for a tile loop)
Quasi = tuple[tuple[int, ...], int, int]
# sum(a * x[p] for p, a in terms) + c == 0 (equality) or >= 0: (terms, c, equality)
Constraint = tuple[tuple[tuple[int, int], ...], int, bool]
_EMPTY = "empty"  # what _instance_box gives for a box of time that holds no instance


def _quasi_rows(m: isl.Map, floors: bool = True) -> list[Quasi] | None:
    """Each output of a parameter-free map as one function floor((a . x + c) / d) of its
    inputs with integer a, c, d (d = 1 unless `floors`); None for any other map (pieces,
    other local variables, rationals)."""
    try:
        pma = isl.PwMultiAff.from_map(m)
        if pma.n_piece() != 1:
            return None
        n = pma.dim(isl.dim_type.in_)
        out: list[Quasi] = []
        for k in range(pma.dim(isl.dim_type.out)):
            pieces = pma.get_pw_aff(k).get_pieces()
            if len(pieces) != 1:
                return None
            aff = pieces[0][1]
            den = 1
            if aff.dim(isl.dim_type.div):
                # floor(e / d) alone, as a tile loop's value reads
                if not floors or aff.dim(isl.dim_type.div) != 1 or not aff.get_constant_val().is_zero() or any(
                        not aff.get_coefficient_val(isl.dim_type.in_, j).is_zero() for j in range(n)):
                    return None
                one = aff.get_coefficient_val(isl.dim_type.div, 0)
                inner = aff.get_div(0)
                if not one.is_int() or val_int(one) != 1 or any(
                        not inner.get_coefficient_val(isl.dim_type.div, j).is_zero()
                        for j in range(inner.dim(isl.dim_type.div))):
                    return None
                den = val_int(inner.get_denominator_val())
                aff = inner
            scale = isl.Val.int_from_si(aff.get_ctx(), den)
            vals = [aff.get_coefficient_val(isl.dim_type.in_, j).mul(scale) for j in range(n)]
            vals.append(aff.get_constant_val().mul(scale))
            if not all(v.is_int() for v in vals):
                return None
            out.append((tuple(val_int(v) for v in vals[:-1]), val_int(vals[-1]), den))
    except isl.Error:
        return None
    return out


def _affine_rows(m: isl.Map) -> list[Affine] | None:
    """Each output of a parameter-free map as one affine function of its inputs with
    integer coefficients; None for any other map."""
    rows = _quasi_rows(m, floors=False)
    return None if rows is None else [(a, c) for a, c, _ in rows]


@dataclass(frozen=True)
class StatementShape:
    """A statement as _instance_box and _image_boxes follow it: its domain's constraints
    (parameters fixed; `_rows`) and, per array, the affine functions of its references."""

    iterators: int
    constraints: tuple[Constraint, ...]  # the equalities first
    accesses: dict[str, list[list[Affine]]]


def _constraint(row: list[int], equality: bool) -> Constraint:
    """A row `a . x + c` of _rows as a Constraint."""
    return tuple((p, a) for p, a in enumerate(row[:-1]) if a), row[-1], equality


def _statement_shape(domain: isl.Set, refs: list[isl.Map]) -> StatementShape | None:
    """The StatementShape of a statement with this domain and these access relations
    (parameters fixed); None when the domain is not one basic set without local
    variables, or a reference is not an affine function on the whole domain."""
    pieces = domain.get_basic_sets()
    rows = _rows(pieces[0]) if len(pieces) == 1 else None
    if rows is None:
        return None
    accesses: dict[str, list[list[Affine]]] = {}
    for m in refs:
        f = _affine_rows(m)
        if f is None or not m.domain().is_equal(domain):
            return None
        name = m.get_tuple_name(isl.dim_type.out)
        accesses.setdefault(name, []).append(f)
    constraints = tuple(_constraint(r, True) for r in rows[0]) + tuple(_constraint(r, False) for r in rows[1])
    return StatementShape(domain.dim(isl.dim_type.set), constraints, accesses)


def _instance_box(time: list[Quasi], shape: StatementShape, box: Box, equal: tuple[Constraint, ...] = ()
                  ) -> list[tuple[int, int]] | str | None:
    """The statement's instances whose time vector (the functions `time`, zero beyond
    them) lies in the box of time (and that satisfy the constraints `equal`), as one
    (least, greatest) per iterator; _EMPTY when there
    are none; None when they are not a box this function can tell (a time dimension with
    more than one iterator or a coefficient other than +-1; a constraint that ties two
    iterators the box leaves open)."""
    fixed, k, low, high = box
    n = shape.iterators
    lo: list[int | None] = [None] * n
    hi: list[int | None] = [None] * n
    # some iterator's least above its greatest (tightening keeps it so): no instance, once
    # the constraints have been followed as far as they go
    crossed = False
    # (a hot loop: each bound is tightened in place rather than through a helper)
    last = len(fixed) - (k is None)
    for j in range(last + 1):
        if j < len(fixed):
            least = greatest = fixed[j]
        else:
            j, least, greatest = k, low, high
        if j >= len(time):  # the padding: zero
            if (least is not None and least > 0) or (greatest is not None and greatest < 0):
                return _EMPTY
            continue
        coefs, c, den = time[j]
        if den != 1:  # least <= floor(e / den) <= greatest: den * least <= e <= den * greatest + den - 1
            least = None if least is None else den * least
            greatest = None if greatest is None else den * greatest + den - 1
        p = -1
        for q, a in enumerate(coefs):
            if a:
                if p >= 0:
                    return None
                p = q
        if p < 0:
            if (least is not None and c < least) or (greatest is not None and c > greatest):
                return _EMPTY
            continue
        a = coefs[p]
        # least <= a * x + c <= greatest
        if a == 1:
            least, greatest = (None if least is None else least - c), (None if greatest is None else greatest - c)
        elif a == -1:
            least, greatest = (None if greatest is None else c - greatest), (None if least is None else c - least)
        else:
            return None
        if least is not None and (lo[p] is None or least > lo[p]):
            lo[p] = least
        if greatest is not None and (hi[p] is None or greatest < hi[p]):
            hi[p] = greatest
        crossed = crossed or (lo[p] is not None and hi[p] is not None and lo[p] > hi[p])  # type: ignore[operator]
    pending = equal + shape.constraints if equal else shape.constraints
    while pending:
        left = []
        for row in pending:
            terms, c, equality = row
            var = None
            for p, a in terms:
                x = lo[p]
                if x is not None and x == hi[p]:
                    c += a * x
                elif var is None:
                    var = p, a
                else:
                    var = False  # two or more open iterators
                    break
            if var is None:
                if (c != 0) if equality else (c < 0):
                    return _EMPTY
            elif var is not False:
                p, a = var  # a * x + c (= or >=) 0
                least = greatest = None
                if equality:
                    if c % a:
                        return _EMPTY
                    least = greatest = -c // a
                elif a > 0:
                    least = -(c // a)
                else:
                    greatest = c // -a
                if least is not None and (lo[p] is None or least > lo[p]):
                    lo[p] = least
                if greatest is not None and (hi[p] is None or greatest < hi[p]):
                    hi[p] = greatest
                crossed = crossed or (lo[p] is not None and hi[p] is not None and lo[p] > hi[p])  # type: ignore[operator]
            else:
                left.append(row)
        if crossed:
            return _EMPTY
        if len(left) == len(pending):
            return None  # constraints that tie iterators the box leaves open
        pending = left
    if None in lo or None in hi:
        return None
    return list(zip(lo, hi, strict=True))  # type: ignore[arg-type]


def _separable(time: list[Quasi]) -> bool:
    """Whether each time dimension moves with at most one iterator, with coefficient
    +-1, and every dimension that moves with an iterator does so in the same direction
    (a permutation of the iterators, some reversed, some tiled)."""
    sign: dict[int, int] = {}
    for coefs, _, _ in time:
        var = [p for p, a in enumerate(coefs) if a]
        if len(var) > 1 or (var and (abs(coefs[var[0]]) != 1 or sign.setdefault(var[0], coefs[var[0]])
                                     != coefs[var[0]])):
            return False
    return True


def _lex_extreme(time: list[Quasi], box: list[tuple[int, int]], greatest: bool) -> tuple[int, ...]:
    """The lexicographically least (greatest) time vector of the instances in a box,
    for a _separable time map: each iterator at the end of its range that makes every
    dimension it moves least (greatest)."""
    out = []
    for coefs, c, den in time:
        value = c
        for p, a in enumerate(coefs):
            if a:
                lo, hi = box[p]
                value += a * (hi if (a > 0) == greatest else lo)
        out.append(value // den)
    return tuple(out)


def _image_boxes(access: list[Affine], box: list[tuple[int, int]]) -> tuple[tuple[int, int], ...] | None:
    """The elements a reference (its subscripts' affine functions) touches from the
    instances in a box, when they are a box: each subscript moves with at most one
    iterator the box leaves open, with coefficient +-1, and no two subscripts with the
    same one; None otherwise."""
    used: set[int] = set()
    out = []
    for coefs, c in access:
        least = greatest = c
        moving = False
        for p, a in enumerate(coefs):
            if not a:
                continue
            x0, x1 = box[p]
            if x0 == x1:
                least += a * x0
                greatest += a * x0
                continue
            if moving or abs(a) != 1 or p in used:
                return None
            moving = True
            used.add(p)
            if a == 1:
                least, greatest = least + x0, greatest + x1
            else:
                least, greatest = least - x1, greatest - x0
        out.append((least, greatest))
    return tuple(out)


def _box_images(time: list[Quasi], shape: StatementShape, box: Box
                ) -> dict[str, list[tuple[tuple[int, int], ...]]] | None:
    """Array -> the boxes of elements the statement's references touch from its instances
    in a box of time (one per reference, in the order of `shape.accesses`; none when the
    box holds no instance), or None when _instance_box or _image_boxes cannot tell."""
    inst = _instance_box(time, shape, box)
    if inst is None:
        return None
    out: dict[str, list[tuple[tuple[int, int], ...]]] = {}
    if inst is _EMPTY:
        return out
    for array, functions in shape.accesses.items():
        found = out[array] = []
        for f in functions:
            image = _image_boxes(f, inst)  # type: ignore[arg-type]
            if image is None:
                return None
            found.append(image)
    return out


def _union_volume_within(boxes: list[tuple[tuple[int, int], ...]]) -> int | None:
    """_union_volume of non-empty boxes, or None when the sweep would take more than
    BOX_SWEEP_LIMIT slabs (count_points then asks isl)."""
    try:
        return _union_volume(boxes, [BOX_SWEEP_LIMIT]) if boxes else 0
    except _SweepTooLong:
        return None


# ---------------------------------------------------------------- memo

MEMO_PROGRAMS = 64  # programs (Scop and parameter values) whose analyses are remembered
MEMO_ENTRIES = 50_000  # results remembered per program (all are forgotten beyond)
_MISSING = object()


def _signatures(nest: LoopNest) -> dict[str, tuple]:
    """Statement -> what its time vector is made of, as text: the sequence positions and
    the loop expressions [b0, e0, b1, e1, ..., b_d] (to_union_map pads it with zeros to
    the nest's depth). With the statement's domain, it determines the statement's time
    map up to that padding."""
    out: dict[str, tuple] = {}

    def visit(nodes: tuple, prefix: tuple[tuple[int, Loop], ...]) -> None:
        for k, n in enumerate(nodes):
            if isinstance(n, Leaf):
                out[n.stmt] = tuple(x for b, loop in prefix for x in (b, loop.exprs[n.stmt].to_str())) + (k,)
            else:
                visit(n.children, prefix + ((k, n),))

    visit(nest.children, ())
    return out


class NestTimes:
    """The schedule of one LoopNest with the parameters fixed: per statement its time map
    (instance -> time vector, in to_union_map's order), and its signature (_signatures),
    which keys the results computed from it."""

    def __init__(self, scop: Scop, nest: LoopNest, memo: AnalysisMemo):
        maps = _maps(to_union_map(scop, nest))
        self.ndim = maps[0].dim(isl.dim_type.out) if maps else 0
        self.signature = _signatures(nest)
        # a statement's map with the parameters fixed is a function of its signature and
        # the padding: one made for an earlier nest of the program serves (most of a
        # nest's statements are where an action left them)
        self.sched: dict[str, isl.Map] = {}
        for m in maps:
            stmt = m.get_tuple_name(isl.dim_type.in_)
            key = ("fixed time map", stmt, self.signature.get(stmt), self.ndim)
            fixed = memo.get(key)
            self.sched[stmt] = memo.put(key, memo.fix(m)) if fixed is _MISSING else fixed  # type: ignore[assignment]
        # the dimensions of each statement's time vector before the padding
        self.own = {stmt: len(sig) for stmt, sig in self.signature.items()}
        # the signatures as AnalysisMemo.number gives them: what working_sets keys its
        # results with (a look-up hashes a number, not a tuple of texts)
        self.numbers = {stmt: memo.number(sig) for stmt, sig in self.signature.items()}
        self._ranges: dict[str, isl.Set] = {}
        self._functions: dict[str, tuple[isl.PwMultiAff, isl.Set]] = {}
        self._constants: dict[str, list[int | None]] = {}

    def position(self, stmt: str) -> int | None:
        """The first dimension of the statement's time vector (its top-level node)."""
        sig = self.signature.get(stmt)
        return sig[0] if sig else None

    def range(self, stmt: str) -> isl.Set:
        """The time vectors of a statement's instances."""
        if stmt not in self._ranges:
            self._ranges[stmt] = self.sched[stmt].range()
        return self._ranges[stmt]

    def function(self, stmt: str) -> tuple[isl.PwMultiAff, isl.Set]:
        """The time map as a function, and its domain: pulling an interval of time back
        through it (a preimage) is much cheaper than projecting in time space."""
        if stmt not in self._functions:
            t = self.sched[stmt]
            self._functions[stmt] = (isl.PwMultiAff.from_map(t), t.domain())
        return self._functions[stmt]

    def constants(self, stmt: str) -> list[int | None]:
        """Per time dimension, the value it has at every instance of the statement (the
        sequence positions and the padding), or None (a loop's)."""
        if stmt not in self._constants:
            sig, out = self.signature[stmt], []
            for k in range(self.ndim):
                out.append(None if k < len(sig) and k % 2 == 1 else (sig[k] if k < len(sig) else 0))
            self._constants[stmt] = out
        return self._constants[stmt]


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


class AnalysisMemo:
    """Results of the analyses of one program (a Scop with its parameters fixed to
    `values`) that episodes and searches ask for again and again: each is a function of
    the program and of isl objects whose text is part of its key (the time maps of the
    statements it involves), so a later schedule that leaves those unchanged gets the
    very same value without isl. Per program also: its references with their access
    relations, the instance counts, and each nest's time maps (while the nest lives).

    `analysis_memo` gives the memo of a program; the operation budgets and counting
    limits of the moment are part of that choice, so changing them starts afresh."""

    def __init__(self, scop: Scop, values: dict[str, int]):
        self.fix = FixedParams(scop, values)
        self.results: dict[Hashable, object] = {}
        self.working_sets: dict[Hashable, WorkingSet] = {}  # see remember_working_set
        self._numbers: dict[Hashable, int] = {}
        self._nests: weakref.WeakKeyDictionary[LoopNest, NestTimes] = weakref.WeakKeyDictionary()
        self._references: list[tuple[Reference, isl.Map]] | None = None
        self._accesses: dict[str, isl.UnionMap] | None = None
        self._relations: list[int] | None = None
        self._instances: dict[str, int] | None = None
        self._shapes: dict[str, StatementShape | None] | None = None

    def remember_working_set(self, key: Hashable, ws: WorkingSet) -> WorkingSet:
        """Keep `ws` under `key` in `working_sets`: the WorkingSet of an interval (its
        "interval" key in `results`) for a tuple of cache levels, which later reuses
        of the interval share instead of adding up its bytes again. Apart from `results`,
        so that the moments `put` forgets those stay what they were."""
        if len(self.working_sets) >= MEMO_ENTRIES:
            self.working_sets.clear()
        self.working_sets[key] = ws
        return ws

    def number(self, value: Hashable) -> int:
        """A number that stands for `value` in keys (equal values, equal numbers; never
        forgotten, so a number kept by a caller keeps its meaning): a long key part, such
        as the signatures of many statements, is then hashed once rather than at every
        look-up."""
        return self._numbers.setdefault(value, len(self._numbers))

    def get(self, key: Hashable) -> object:
        """The result stored under `key`, or _MISSING."""
        return self.results.get(key, _MISSING)

    def put(self, key: Hashable, value: T) -> T:
        if len(self.results) >= MEMO_ENTRIES:
            self.results.clear()
        self.results[key] = value
        return value

    def times(self, scop: Scop, nest: LoopNest) -> NestTimes:
        t = self._nests.get(nest)
        if t is None:
            t = self._nests[nest] = NestTimes(scop, nest, self)
        return t

    def references(self, scop: Scop) -> tuple[list[tuple[Reference, isl.Map]], dict[str, isl.UnionMap]]:
        """Every reference with its access relation (parameters fixed), and per statement
        the union of its accesses."""
        if self._references is None:
            refs: list[tuple[Reference, isl.Map]] = []
            accesses: dict[str, isl.UnionMap] = {}
            for ref, m in references(scop):
                fm = self.fix(m)
                refs.append((ref, fm))
                u = isl.UnionMap.from_map(fm)
                accesses[ref.stmt] = accesses[ref.stmt].union(u) if ref.stmt in accesses else u
            self._references, self._accesses = refs, accesses
        assert self._accesses is not None
        return self._references, self._accesses

    def relations(self, scop: Scop) -> list[int]:
        """Per reference (in `references` order), the first reference of its statement with
        the same access relation: a compound assignment's write and read of its lhs, say.
        The first source and targets of a pair of references depend on their relations and
        time maps only, not on which reference reads or writes."""
        if self._relations is None:
            refs, _ = self.references(scop)
            self._relations = [next(j for j in range(k + 1) if refs[j][0].stmt == ref.stmt and refs[j][1].is_equal(m))
                               for k, (ref, m) in enumerate(refs)]
        return self._relations

    def shape(self, scop: Scop, stmt: str) -> StatementShape | None:
        """The statement's StatementShape (None where it has none)."""
        if self._shapes is None:
            refs, _ = self.references(scop)
            self._shapes = {s.name: _statement_shape(self.fix(s.domain), [m for r, m in refs if r.stmt == s.name])
                            for s in scop.statements}
        return self._shapes.get(stmt)

    def time_rows(self, times: NestTimes, stmt: str) -> list[Quasi] | None:
        """The statement's time map under `times` as _quasi_rows, up to its own dimensions
        (a function of its signature, so remembered per program)."""
        key = ("time rows", stmt, times.signature[stmt])
        rows = self.get(key)
        if rows is _MISSING:
            rows = _quasi_rows(times.sched[stmt])
            rows = self.put(key, None if rows is None else rows[: times.own[stmt]])
        return rows  # type: ignore[return-value]

    def instances(self, scop: Scop) -> dict[str, int]:
        """Statement -> number of instances."""
        if self._instances is None:
            self._instances = {s.name: count_points(self.fix(s.domain)) for s in scop.statements}
        return self._instances


_MEMOS: OrderedDict[tuple, tuple[weakref.ref, AnalysisMemo]] = OrderedDict()


def analysis_memo(scop: Scop, values: Mapping[str, int]) -> AnalysisMemo:
    """The AnalysisMemo of `scop` with its parameters fixed to `values` (the most recently
    used MEMO_PROGRAMS are kept)."""
    key = (id(scop), tuple(sorted(values.items())), REUSE_OPERATIONS, SCAN_LIMIT, SLICE_TOLERANCE, BOX_SWEEP_LIMIT)
    entry = _MEMOS.get(key)
    if entry is not None and entry[0]() is scop:
        _MEMOS.move_to_end(key)
        return entry[1]
    memo = AnalysisMemo(scop, dict(values))
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
) -> WorkingSetReport:
    """Every reuse of `scop` under the schedule of `nest` (default: the original order),
    with WS_min/WS_max in elements and bytes and the cache level each fits in.

    `describe=False` leaves the instances of each reuse (source, first and last target)
    unnamed (""), which the program graph does not need and which cost a tenth of the time.
    `carried_only=True` leaves out the reuses no loop carries (within one iteration of
    every loop around both references), whose working sets the program graph does not
    use either; the others are the same.

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
    first instant are found without isl (_instance_box, _image_boxes, _lex_extreme), at
    a tenth of isl's time or less: the same sets, and the same counts (isl's are kept
    for any array whose elements are not all boxes, as count_points would count those).
    """
    nest = nest if nest is not None else original_nest(scop)
    caches = caches if caches is not None else detect_caches()
    values = resolve_params(scop, params, default_param)
    memo = analysis_memo(scop, values)
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
        if first is _MISSING:
            first = times.range(stmt).lexmin()
            first = memo.put(key, None if first.is_empty() else _trim(_point(first), own[stmt]))
        assert first is None or isinstance(first, tuple)
        return None if first is None else _pad(first, ndim)

    def first_instant(stmt: str) -> isl.Set:
        """{first_point(stmt)}"""
        first = first_point(stmt)
        if first is None:
            return isl.Set.empty(time_space)
        return _box_set(time_space, (first, None, None, None))

    def reference_rows(k: int) -> list[Affine] | None:
        """The subscripts of reference k as affine functions (None where they are not)."""
        key = ("reference rows", k)
        rows = memo.get(key)
        if rows is _MISSING:
            rows = memo.put(key, _affine_rows(refs[k][1]))
        return rows  # type: ignore[return-value]

    def first_targets(k1: int, k2: int) -> tuple[tuple[int, ...], tuple[int, ...]] | str | None:
        """The first and last target instants of reference k2 after the first instant of
        k1's statement (the shortcut of _first_reuse), without isl: the element k1 touches
        then, and in each box of the time vectors after it (_lex_boxes' pieces, nearest
        first for the first target, farthest first for the last), the instances of k2's
        statement that touch it, when _instance_box can tell them. _EMPTY when there are
        none; None when isl has to say."""
        (r1, _), (r2, _) = refs[k1], refs[k2]
        shapes = [memo.shape(scop, r.stmt) if r.stmt in signature else None for r in (r1, r2)]
        if shapes[0] is None or shapes[1] is None:
            return None
        time1, time2 = memo.time_rows(times, r1.stmt), memo.time_rows(times, r2.stmt)
        f1, f2 = reference_rows(k1), reference_rows(k2)
        p = first_point(r1.stmt)
        if time1 is None or time2 is None or f1 is None or f2 is None or p is None or not _separable(time2):
            return None
        key = ("first element", k1, signature[r1.stmt])
        element = memo.get(key)
        if element is _MISSING:
            source = _instance_box(time1, shapes[0], (p, None, None, None))
            element = None
            if isinstance(source, list) and all(lo == hi for lo, hi in source):
                x = [lo for lo, _ in source]
                element = tuple(c + sum(a * v for a, v in zip(coefs, x, strict=True)) for coefs, c in f1)
            memo.put(key, element)
        if element is None:
            return None
        assert isinstance(element, tuple)
        equal = tuple(_constraint([*coefs, c - e], True) for (coefs, c), e in zip(f2, element, strict=True))
        # t >lex p, by the first dim where they differ; the pieces the target's sequence
        # positions rule out hold none of its instances
        after = _boxes_after(p, times.constants(r2.stmt))
        found = []
        for pieces, greatest in ((reversed(after), False), (after, True)):
            for box in pieces:
                targets = _instance_box(time2, shapes[1], box, equal)
                if targets is None:
                    return None
                if targets is not _EMPTY:
                    found.append(_pad(_lex_extreme(time2, targets, greatest), ndim))  # type: ignore[arg-type]
                    break
            else:
                return _EMPTY
        return found[0], found[1]

    sizes = {name: element_bytes(a.ctype) for name, a in scop.arrays.items()}
    order_space = isl.Space.alloc(time_space.get_ctx(), 0, ndim, ndim)

    def instances(stmt: str, interval: isl.Set) -> isl.Set:
        pma, domain = times.function(stmt)
        return interval.preimage_pw_multi_aff(pma).intersect(domain).coalesce()

    # the boxes of time vectors made so far for intervals, for every nest of this depth
    made = memo.get(("boxes", ndim))
    if made is _MISSING or len(made) > MEMO_ENTRIES:  # type: ignore[arg-type]
        made = memo.put(("boxes", ndim), {})
    assert isinstance(made, dict)

    def touched_boxes(stmt: str, keep: list[Box]) -> dict[str, list[tuple[tuple[int, int], ...]]] | None:
        """touched_by without isl, where the statement's instances in each box of time
        are a box of iterations and each reference's image of it a box of elements
        (_instance_box, _image_boxes): array -> those boxes; None otherwise. Not for tiled
        time maps: isl writes their elements with local variables, whose large pieces
        count_points estimates, and the counts must stay what they were."""
        # the intervals of a schedule share most of their boxes (those next to one source
        # instant, say): each box's images are found once per time map, and kept, with the
        # time map's rows, under the statement's signature (None: not followed)
        key = ("box images", stmt, signature.get(stmt))
        known = memo.get(key)
        if known is _MISSING:
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
            images = made_images.get(box, _MISSING)
            if images is _MISSING:
                images = made_images[box] = _box_images(time, shape, box)
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
        if out is _MISSING:
            interval = _union_of_boxes(time_space, boxes, made, keep)
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
        if out is _MISSING:
            out = memo.put(key, touched_boxes(stmt, [boxes[i] for i in keep]))
        if out is None:
            return touched_in_isl(stmt, t0, t1, keep, boxes, n)
        assert isinstance(out, dict)
        return out

    # the statements that can run in an interval whose ends share the top-level position
    # (the key), or in any other (None), with their signatures: asked for every interval
    taking_part: dict[int | None, tuple[list[str], tuple]] = {}

    def between(t0: tuple[int, ...], t1: tuple[int, ...], remembered_only: bool = False) -> WorkingSet | object:
        """The working set of the interval [t0, t1]; with `remembered_only`, _MISSING
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
        if per is _MISSING:
            if remembered_only:
                return _MISSING
            per = memo.put(known, elements(t0, t1, stmts))
        assert isinstance(per, dict)
        nbytes = sum(n * sizes.get(a, 8) for a, n in per.items())
        ws = WorkingSet(sum(per.values()), nbytes, level_of(nbytes, caches), tuple(sorted(per.items())))
        return memo.remember_working_set((known, caches), ws)

    def elements(t0: tuple[int, ...], t1: tuple[int, ...], stmts: list[str]) -> dict[str, int]:
        """Array -> distinct elements the statements `stmts` touch between t0 and t1."""
        # per statement, the boxes of the interval its constant time dimensions allow (the
        # others hold none of its instances); only statements with some box take part
        boxes = _lex_boxes(t0, t1)
        keeps = {stmt: keep for stmt in stmts
                 if (keep := _admitted(t0, t1, times.constants(stmt) if stmt in signature else [None] * ndim))}
        # the ends are instants of these statements: the padding is zero in both
        n = max((own.get(stmt, ndim) for stmt in keeps), default=ndim)
        t0n, t1n = _trim(t0, n), _trim(t1, n)
        key = ("elements", t0n, t1n, tuple((stmt, signature.get(stmt)) for stmt in keeps))
        per = memo.get(key)
        if per is _MISSING:
            parts = {stmt: touched_by(stmt, t0, t1, keep, boxes, n) for stmt, keep in keeps.items()}
            arrays = list(dict.fromkeys(a for part in parts.values() for a in part))
            per = {}
            for a in arrays:
                mine = [stmt for stmt, part in parts.items() if a in part]
                akey = ("count", a, t0n, t1n, tuple((stmt, signature.get(stmt)) for stmt in mine))
                count = memo.get(akey)
                if count is _MISSING:
                    touched = [parts[stmt][a] for stmt in mine]
                    # a union of boxes only is counted by count_points' sweep without isl
                    count = _union_volume_within(list(dict.fromkeys(b for e in touched for b in e))) if all(
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
                        count = count_points(e)
                    memo.put(akey, count)
                assert isinstance(count, int)
                if count:
                    per[a] = count
            memo.put(key, per)
        assert isinstance(per, dict)
        return per

    def instance(t: tuple[int, ...]) -> str:
        point = _lex_interval(time_space, t, t)
        for stmt in sched:
            inst = instances(stmt, point)
            if not inst.is_empty():
                return f"{stmt}[{', '.join(map(str, _point(inst)))}]"
        raise AssertionError(f"no instance runs at {t}")

    kinds = {(False, False): "RAR", (True, False): "RAW", (False, True): "WAR", (True, True): "WAW"}

    def reuse(k1: int, k2: int, remembered_only: bool = False) -> Reuse | None | object:
        """The reuse from reference k1 to k2 (None: there is none, or it is loop-
        independent and `carried_only`). With `remembered_only`, _MISSING when it needs
        anything that is not remembered: then it calls no isl and needs no budget (most
        pairs of a later schedule of the program are found so)."""
        (r1, _), (r2, _) = refs[k1], refs[k2]
        # the sources are instants of r1's statement, the targets of r2's: zero beyond
        # their own dimensions
        n = max(own[r1.stmt], own[r2.stmt])
        key = ("pair", relations[k1], relations[k2], signature[r1.stmt], signature[r2.stmt])
        points = memo.get(key)
        if points is _MISSING:
            if remembered_only:
                return _MISSING
            shortcut = first_targets(k1, k2)
            if isinstance(shortcut, tuple):
                points = tuple(_trim(x, n) for x in (first_point(r1.stmt), *shortcut))
            else:
                order = _lex_lt(order_space, times.constants(r1.stmt), times.constants(r2.stmt))
                # the first instant has no target: the shortcut need not be tried again
                first = isl.Set.empty(time_space) if shortcut is _EMPTY else first_instant(r1.stmt)
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
        ws_max = between(p0, p2, remembered_only) if ws_min is not _MISSING else _MISSING
        if ws_max is _MISSING:
            return _MISSING
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
            found = _MISSING if describe else reuse(k1, k2, remembered_only=True)
            if found is _MISSING:
                found = within_budget(ctx, REUSE_OPERATIONS, partial(reuse, k1, k2), TOO_COMPLEX)
            if found is TOO_COMPLEX:
                too_complex += 1
            elif found is not None:
                reuses.append(found)
    order = {k: n for n, k in enumerate(("RAR", "RAW", "WAR", "WAW"))}
    reuses.sort(key=lambda r: (r.array, order[r.kind], r.source.stmt, r.source.position, r.target.stmt,
                               r.target.position))
    return WorkingSetReport(reuses, caches, values, nest, too_complex)


# ---------------------------------------------------------------- text


def format_report(scop: Scop, report: WorkingSetReport, caches_from: str = "") -> str:
    """The reuses as a table, then the working sets summed per cache level."""
    from polyrl.poly.describe import format_nest

    names: dict[tuple[int, ...], str] = {}
    for b, path in enumerate(report.nest.branches()):
        for level, loop in enumerate(report.nest.loops_on(path)):
            names.setdefault(path[: level + 1], f"{loop.name} (B{b}.L{level})")
    lines = [
        "caches: " + ", ".join(f"{c.name} {format_size(c.size)}" for c in report.caches)
        + (f"  ({caches_from})" if caches_from else ""),
        "params: " + (", ".join(f"{p}={v}" for p, v in report.params.items()) or "-"),
        "",
        format_nest(scop, report.nest),
        "",
    ]
    if not report.reuses:
        lines.append("no data reuse" + (f" found ({report.too_complex} pair(s) of references too complex for isl)"
                                        if report.too_complex else ""))
        return "\n".join(lines)
    header = ("kind", "reuse", "carried by", "first source -> first .. last target", "WS_min", "WS_max")
    rows = []
    for r in report.reuses:
        carrier = names.get(r.carrier, "?") if r.carrier is not None else "- (same iteration)"
        rows.append((
            r.kind, f"{r.source} -> {r.target}", carrier,
            f"{r.source_instance} -> {r.first_target} .. {r.last_target}",
            f"{r.ws_min.elements} el {format_size(r.ws_min.bytes)} {r.ws_min.level}",
            f"{r.ws_max.elements} el {format_size(r.ws_max.bytes)} {r.ws_max.level}",
        ))
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    for row in (header, *rows):
        lines.append("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    lines.append("")
    tmin, tmax = report.totals("min"), report.totals("max")
    lines.append("working sets per level (sum over reuses; count of reuses):")
    for level in report.levels:
        nmin = sum(1 for r in report.reuses if r.ws_min.level == level)
        nmax = sum(1 for r in report.reuses if r.ws_max.level == level)
        lines.append(f"  {level:<4} WS_min {format_size(tmin[level]):>10} ({nmin})   "
                     f"WS_max {format_size(tmax[level]):>10} ({nmax})")
    if report.too_complex:
        lines.append(f"left out: {report.too_complex} pair(s) of references whose analysis took isl more than "
                     f"{REUSE_OPERATIONS} operations")
    return "\n".join(lines)
