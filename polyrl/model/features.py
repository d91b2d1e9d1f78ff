"""The program graph: a loop tree (LoopNest + Scop) as a torch_geometric `Data`.

One node per loop (iterator) and one per statement (computation), in pre-order (a loop,
then its children in order). Edges, each with a type (`edge_type`, and its one-hot as
`edge_attr`):

    0 child      parent loop -> child node
    1 parent     child node  -> parent loop
    2 flow       statement writing array X -> statement reading X (another statement)
    3 flow_back  the reverse of 2

Every node has the same NODE_FEATURES-wide vector; the blocks of the other kind are zero.
The layout is the same for original and transformed programs. Sizes are log-scaled:
`log2(1 + x)` (`slog`: sign(x) * log2(1 + |x|) where x may be negative).

| columns (see FEATURE_BLOCKS) | width | meaning |
|---|---|---|
| kind | 2 | one-hot: loop, statement |
| loop.depth | 1 | level of the loop in its branch / MAX_DEPTH |
| loop.bounds | 3 | slog of the least and greatest value of the loop's expression, log trip count (most iterations for one iteration of the enclosing loops), parameters fixed |
| loop.focus | 1 | the loop is on this episode's focus branch |
| loop.parallel | 1 | runs in parallel (OpenMP) |
| loop.reversed | 1 | its main iterator runs opposite to the original order |
| loop.unroll | 1 | log2 of the unroll factor |
| loop.jam | 1 | log2 of the unroll-and-jam factor (a point loop that codegen unrolls completely into the loop inside it) |
| loop.vector | 1 | printed as explicit vector code (action V) |
| loop.pack | 1 | log2(1 + number of arrays packed into contiguous buffers at each iteration of the loop; K and KT alike) |
| loop.tile | 3 | is a tile loop (floor division), log2 tile size (floor-div denominator), is a point loop (inside the tile loop of its iterator) |
| loop.skew | 2 | number of skews applied, slog of the sum of their factors |
| loop.schedule | MAX_DEPTH + 2 | coefficients of the loop's expression over its first statement's iterators (of the numerator for tile loops), then slog of the summed parameter coefficients and of the constant |
| loop.reuse | 12 | reuses carried by the loop: log count, log max WS_min bytes, its level one-hot (L1, L2, L3, mem), log max WS_max bytes, its level one-hot, log of the summed WS_min bytes |
| loop.innermost | 1 | no loop inside it (it runs statements only) |
| loop.strides | 5 | the accesses of the statements inside the loop, by their stride along it (see below): log counts of invariant (0), contiguous (±1), short (2..8 elements) and long (more, or unknown) strides, then the fraction that are invariant or contiguous |
| stmt.depth | 1 | number of enclosing loops / MAX_DEPTH |
| stmt.instances | 1 | log number of instances |
| stmt.reduction | 1 | reads the element it writes, and some iterator is missing from the written subscripts |
| stmt.dtype | 4 | one-hot element type written: double, float, integer, other |
| stmt.ops | 5 | log counts of + - * / (compound assignments count) and math calls; divisions, remainders and calls are counted with * and their columns stay zero (`_op_counts`: no model has learned them) |
| stmt.write | ACCESS_WIDTH | the written access (see below) |
| stmt.reads | MAX_ACCESSES * ACCESS_WIDTH | the first MAX_ACCESSES reads in source order (a compound assignment reads its lhs first; read-only scalars are constants, left out: CONSTANT_SCALARS) |
| stmt.more_reads | 1 | log of the number of reads beyond MAX_ACCESSES |
| stmt.strides | (1 + MAX_ACCESSES) * 3 | per access (the write, then the reads as in stmt.reads): slog of its stride along the statement's innermost loop, stride 0, stride ±1 |

An access (ACCESS_WIDTH columns) is: present, same array as the statement's write, then
MAX_ARRAY_DIMS rows of the access matrix, each `[row present, coefficient of iterator 0
.. MAX_DEPTH-1, slog of the summed parameter coefficients, slog of the constant]`;
scalars are present with no rows. Access matrices are over the statement's own
(original) iterators; what a schedule did shows in the loop nodes.

A stride is in the transformed basis: how many elements the access's address (row-major
over the array's declared extents) moves when that loop advances by one and the other
loops around the statement stay put. For a tile loop it is the tile size times its point
loop's. Strides are those of the original arrays (a packed copy shows in loop.pack). This
is what decides vectorization and spatial locality, and the access matrices above only
give it combined with the loops' schedule rows.

Parameters without a known value get DEFAULT_PARAM_VALUE (sizes only shape the scales).
Working sets (polyrl.poly.workingset) are those of the schedule the graph shows, against
this machine's caches unless `caches` is given; a reuse belongs to the loop whose next
iteration brings its first target (its carrier).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import islpy as isl
import numpy as np
import torch
from torch_geometric.data import Data

from polyrl.ir import ArrayRef, Binary, Call, Expr, Iter, Scalar, Scop, Statement, walk
from polyrl.machine import MEMORY, CacheLevel
from polyrl.poly.accesses import index_aff, read_only_scalars, statement_references
from polyrl.poly.counting import val_int
from polyrl.poly.geometry import DEFAULT_PARAM_VALUE, LoopGeometry
from polyrl.poly.memo import MISSING
from polyrl.poly.params import resolve_params
from polyrl.poly.transform import Leaf, Loop, LoopNest, original_nest
from polyrl.poly.workingset import WorkingSetReport, working_sets

MAX_DEPTH = 8  # iterators per statement / loop schedule coefficients
MAX_ARRAY_DIMS = 4  # rows of an access matrix
MAX_ACCESSES = 8  # read accesses per statement

EDGE_TYPES = ("child", "parent", "flow", "flow_back")
NUM_EDGE_TYPES = len(EDGE_TYPES)
LEVEL_SLOTS = ("L1", "L2", "L3", MEMORY)  # deeper caches share the last cache slot
DTYPES = ("double", "float", "int", "other")
OPS = ("+", "-", "*", "/", "call")
# what the operations no model has learned are counted as (_op_counts): FOLD since session 71 (decide71.md)
FOLD = {"/": "*", "%": "*", "call": "*"}
UNFOLDED = {"%": "/"}  # the counting before session 71: a remainder as a division, the rest as written
FOLDED_OPS: dict[str, str] = dict(FOLD)  # what _op_counts uses (session 71's scripts set UNFOLDED to compare)

ROW_WIDTH = 1 + MAX_DEPTH + 2
ACCESS_WIDTH = 2 + MAX_ARRAY_DIMS * ROW_WIDTH

FEATURE_BLOCKS: tuple[tuple[str, int], ...] = (
    ("kind", 2),
    ("loop.depth", 1),
    ("loop.bounds", 3),
    ("loop.focus", 1),
    ("loop.parallel", 1),
    ("loop.reversed", 1),
    ("loop.unroll", 1),
    ("loop.jam", 1),
    ("loop.vector", 1),
    ("loop.pack", 1),
    ("loop.tile", 3),
    ("loop.skew", 2),
    ("loop.schedule", MAX_DEPTH + 2),
    ("loop.reuse", 12),
    ("loop.innermost", 1),
    ("loop.strides", 5),
    ("stmt.depth", 1),
    ("stmt.instances", 1),
    ("stmt.reduction", 1),
    ("stmt.dtype", len(DTYPES)),
    ("stmt.ops", len(OPS)),
    ("stmt.write", ACCESS_WIDTH),
    ("stmt.reads", MAX_ACCESSES * ACCESS_WIDTH),
    ("stmt.more_reads", 1),
    ("stmt.strides", (1 + MAX_ACCESSES) * 3),
)
SHORT_STRIDE = 8  # elements; a longer stride touches a new cache line (64 B) at every step


# A read-only scalar (read in the scop, written nowhere in it: BLAS's alpha and beta) is left out
# of its statement's accesses, as a literal is: the statement computes the same with the constant
# spelled or read from a variable (one register either way). Until session 45 the generator wrote
# every constant as a literal, so no model was taught a graph with such a read; PolyBench reads
# them in most kernels. False keeps them (the graphs of sessions before 45).
CONSTANT_SCALARS = True


def _offsets() -> dict[str, slice]:
    out, pos = {}, 0
    for name, width in FEATURE_BLOCKS:
        out[name] = slice(pos, pos + width)
        pos += width
    return out


BLOCK: dict[str, slice] = _offsets()
NODE_FEATURES = sum(w for _, w in FEATURE_BLOCKS)

LOOP, STATEMENT = 0, 1


def log2p(x: float) -> float:
    return math.log2(1.0 + max(x, 0.0))


def slog(x: float) -> float:
    return math.copysign(math.log2(1.0 + abs(x)), x)


@dataclass(frozen=True)
class GraphNode:
    """What a row of the graph stands for: a loop (its path in the nest) or a statement."""

    kind: int  # LOOP or STATEMENT
    path: tuple[int, ...]  # child indices from the root
    name: str  # loop name or statement name


# ---------------------------------------------------------------- affine expressions


def linear_part(aff: isl.Aff) -> tuple[list[int], int, int, int]:
    """(iterator coefficients, summed parameter coefficients, constant, floor-div
    denominator) of a loop expression `e` or `floor(e / d)` (then of `e`, and d; d is 1
    for a plain loop). Other quasi-affine shapes give the integer part only."""
    n_in = aff.dim(isl.dim_type.in_)
    n_par = aff.dim(isl.dim_type.param)
    if aff.dim(isl.dim_type.div) == 1 and all(aff.get_coefficient_val(isl.dim_type.in_, k).is_zero()
                                              for k in range(n_in)):
        inner = aff.get_div(0)
        den = val_int(inner.get_denominator_val())
        scale = isl.Val.int_from_si(aff.get_ctx(), den)
        coefs = [val_int(inner.get_coefficient_val(isl.dim_type.in_, k).mul(scale)) for k in range(n_in)]
        par = sum(val_int(inner.get_coefficient_val(isl.dim_type.param, k).mul(scale)) for k in range(n_par))
        return coefs, par, val_int(inner.get_constant_val().mul(scale)), den
    coefs = [val_int(aff.get_coefficient_val(isl.dim_type.in_, k).floor()) for k in range(n_in)]
    par = sum(val_int(aff.get_coefficient_val(isl.dim_type.param, k).floor()) for k in range(n_par))
    return coefs, par, val_int(aff.get_constant_val().floor()), 1


def _access_rows(s: Statement, ref: ArrayRef | Scalar) -> list[tuple[list[int], int, int]] | None:
    """Access matrix rows (iterator coefficients, summed parameter coefficients, constant)."""
    if isinstance(ref, Scalar):
        return []
    ls = isl.LocalSpace.from_space(s.domain.get_space())
    rows = []
    try:
        for idx in ref.indices:
            coefs, par, const, _ = linear_part(index_aff(idx, ls))
            rows.append((coefs, par, const))
    except (isl.Error, ValueError):
        return None
    return rows


# ---------------------------------------------------------------- features


def _access_vector(s: Statement, ref: ArrayRef | Scalar, rows: list[tuple[list[int], int, int]] | None
                   ) -> list[float]:
    """The ACCESS_WIDTH columns of `ref`, whose access matrix rows (`_access_rows`) are `rows`."""
    v = [0.0] * ACCESS_WIDTH
    v[0] = 1.0
    v[1] = 1.0 if ref.name == s.lhs.name else 0.0
    for r, (coefs, par, const) in enumerate((rows or [])[:MAX_ARRAY_DIMS]):
        base = 2 + r * ROW_WIDTH
        v[base] = 1.0
        for k, c in enumerate(coefs[:MAX_DEPTH]):
            v[base + 1 + k] = float(c)
        v[base + 1 + MAX_DEPTH] = slog(par)
        v[base + 2 + MAX_DEPTH] = slog(const)
    return v


def _directions(s: Statement, loops: list[Loop]) -> list[list[Fraction] | None]:
    """Per loop around `s` (outermost first), how the statement's iterators move when that
    loop advances by one and the other loops stay put (None where that is not one fixed
    step: a loop the statement's point loops do not determine)."""
    n = len(s.iterators)
    parts = [linear_part(loop.exprs[s.name]) for loop in loops]
    point = [k for k, (coefs, _, _, den) in enumerate(parts) if den == 1 and any(coefs)]
    out: list[list[Fraction] | None] = [None] * len(loops)
    if len(point) != n or n == 0:
        return out
    inverse = _inverse([[Fraction(c) for c in parts[k][0][:n]] for k in point])
    if inverse is None:
        return out
    for col, k in enumerate(point):
        out[k] = [inverse[r][col] for r in range(n)]
    for k, (coefs, _, _, den) in enumerate(parts):
        if den > 1:
            same = next((j for j in point if parts[j][0] == coefs), None)
            if same is not None:
                out[k] = [den * x for x in out[same]]
    return out


def _inverse(m: list[list[Fraction]]) -> list[list[Fraction]] | None:
    """The inverse of a square rational matrix (None when singular), by Gauss-Jordan."""
    n = len(m)
    a = [row[:] + [Fraction(int(r == c)) for c in range(n)] for r, row in enumerate(m)]
    for c in range(n):
        pivot = next((r for r in range(c, n) if a[r][c] != 0), None)
        if pivot is None:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        inv = 1 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for r in range(n):
            if r != c and a[r][c] != 0:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def _address_step(rows: list[tuple[list[int], int, int]] | None, extents: tuple[int | None, ...],
                  direction: list[Fraction] | None) -> float | None:
    """Elements the row-major address of an access moves along `direction` (None when
    unknown: a non-affine subscript or no fixed direction). Unknown extents count as
    DEFAULT_PARAM_VALUE."""
    if rows is None or direction is None:
        return None
    step, scale = Fraction(0), 1
    for r in reversed(range(len(rows))):
        coefs = rows[r][0]
        step += scale * sum((Fraction(c) * x for c, x in zip(coefs, direction, strict=False)), Fraction(0))
        extent = extents[r] if r < len(extents) else None
        scale *= extent if isinstance(extent, int) and extent > 0 else DEFAULT_PARAM_VALUE
    return float(step)


def _stride_class(step: float | None) -> int:
    """0 invariant, 1 contiguous, 2 short, 3 long or unknown (loop.strides' counts)."""
    if step is None:
        return 3
    size = abs(step)
    if size == 0:
        return 0
    if size == 1:
        return 1
    return 2 if size <= SHORT_STRIDE else 3


def _op_counts(s: Statement) -> list[float]:
    """stmt.ops: the log counts of + - * / and calls, each counted as FOLDED_OPS says: divisions, remainders and math
    calls with * (FOLD), their own columns zero.

    Why: no program any cost model or the policy learned from had a division or a call in its statements (session
    71: none of the label set's 29,794 programs with source; the generator wrote neither before Weights.ops), so the
    weights on the / and call columns learned nothing from data, and where a program has them they moved every
    prediction and logit by untrained amounts (PolyBench MEDIUM: the pick models put correlation's original loops at
    2,554 s and 423 s, where it runs in 8.5 ms, and deriche's 43 times too slow). Counted as multiplications, such
    statements look like what the models know, and every program without them keeps its graph.

    The rule (reports/session71/decide71.md, committed before its set existed): 200 held-out generated programs at
    MEDIUM's sizes whose statements divide and call sqrt (seed 300, Weights.ops 0.3), both pipelines' final
    schedules measured on an AMD Zen 3: FOLD changed 75 finals; over the 199 labelled, 1.120x to 1.269x over the
    original loops (1.133 times), on the changed ones 0.888x to 1.243x (45 faster by more than 5%, 20 slower), and
    programs below 0.95x of their original 71 to 53 (`ab71.txt`). The columns stay in the layout, zero, for models
    taught such programs."""
    counts = dict.fromkeys(OPS, 0)
    if s.op != "=" and s.op[0] in "+-*/":
        counts[FOLDED_OPS.get(s.op[0], s.op[0])] += 1
    for n in walk(s.rhs):
        if isinstance(n, Binary) and n.op in ("+", "-", "*", "/", "%"):
            counts[FOLDED_OPS.get(n.op, n.op)] += 1
        elif isinstance(n, Call):
            counts[FOLDED_OPS.get("call", "call")] += 1
    return [log2p(counts[o]) for o in OPS]


def _dtype(ctype: str) -> int:
    words = ctype.split()
    if "double" in words:
        return 0
    if "float" in words:
        return 1
    if any(w in ("int", "long", "short", "char", "unsigned", "signed") or w.endswith("_t") for w in words):
        return 2
    return 3


def _iterators_in(e: Expr) -> set[int]:
    return {n.index for n in walk(e) if isinstance(n, Iter)}


def is_reduction(s: Statement) -> bool:
    """Reads the element it writes in the same instance, and some iterator does not
    appear in the written subscripts (so many instances update one element)."""
    reads_own = s.op != "=" or any(n == s.lhs for n in walk(s.rhs))
    if not reads_own or not s.iterators:
        return False
    used = set() if isinstance(s.lhs, Scalar) else set().union(*(_iterators_in(i) for i in s.lhs.indices))
    return len(used) < len(s.iterators)


def _original_signs(scop: Scop) -> dict[tuple[str, int], int]:
    """(statement, iterator) -> direction (+1/-1) of the iterator in the source order."""
    out: dict[tuple[str, int], int] = {}
    for path, loop in original_nest(scop).walk():
        for s, aff in loop.exprs.items():
            coefs, _, _, _ = linear_part(aff)
            k = len(path) - 1
            if k < len(coefs) and coefs[k]:
                out[(s, k)] = 1 if coefs[k] > 0 else -1
    return out


def _base_name(name: str) -> str:
    while name.endswith("_t"):
        name = name[:-2]
    return name


def _level_slot(level: str) -> int:
    if level == MEMORY:
        return 3
    try:
        return min(int(level.lstrip("Ll")) - 1, 2)
    except ValueError:
        return 2


def _reuse_features(report: WorkingSetReport, path: tuple[int, ...]) -> list[float]:
    carried = report.carried_by(path)
    v = [0.0] * 12
    if not carried:
        return v
    wmin = max(carried, key=lambda r: r.ws_min.bytes).ws_min
    wmax = max(carried, key=lambda r: r.ws_max.bytes).ws_max
    v[0] = log2p(len(carried))
    v[1] = log2p(wmin.bytes)
    v[2 + _level_slot(wmin.level)] = 1.0
    v[6] = log2p(wmax.bytes)
    v[7 + _level_slot(wmax.level)] = 1.0
    v[11] = log2p(sum(r.ws_min.bytes for r in carried))
    return v


def _flows(scop: Scop) -> list[tuple[str, str]]:
    """(writer, reader) for each statement that reads an array another one writes: per
    reader in program order, its arrays in name order, their writers in program order."""
    writers: dict[str, list[str]] = {}
    for s in scop.statements:
        writers.setdefault(s.lhs.name, []).append(s.name)
    out = []
    for s in scop.statements:
        read_arrays = {r.name for r, w in statement_references(s) if not w}
        for array in sorted(read_arrays):
            out += [(w, s.name) for w in writers.get(array, []) if w != s.name]
    return out


def program_graph(
    scop: Scop,
    nest: LoopNest | None = None,
    focus_branch: int | None = None,
    params: Mapping[str, int] | None = None,
    caches: tuple[CacheLevel, ...] | None = None,
    report: WorkingSetReport | None = None,
) -> Data:
    """The graph of `nest` (default: the original loop tree) with NODE_FEATURES-wide nodes.

    `focus_branch` tags the loops of that branch (the one the agent is working on).
    `report` reuses working sets already computed for this nest. The result also holds
    `node_kind` (LOOP/STATEMENT per node), `edge_type` and `nodes` (GraphNode per row).
    """
    nest = nest if nest is not None else original_nest(scop)
    values = resolve_params(scop, params, DEFAULT_PARAM_VALUE)
    geometry = LoopGeometry(scop, nest, values)
    # the read-only scalars, left out of accesses and working sets where CONSTANT_SCALARS says so
    # (a function of the program, asked for by every graph)
    constants = geometry.memo.get(("read-only scalars",))
    if constants is MISSING:
        constants = geometry.memo.put(("read-only scalars",), read_only_scalars(scop))
    assert isinstance(constants, frozenset)
    if not CONSTANT_SCALARS:
        constants = frozenset()
    if report is None:
        report = working_sets(scop, nest, params=values, caches=caches, describe=False, carried_only=True,
                              ignore=constants)
    signs = geometry.memo.get(("original signs",))
    if signs is MISSING:  # a function of the program (its original nest), asked for by every graph
        signs = geometry.memo.put(("original signs",), _original_signs(scop))
    assert isinstance(signs, dict)
    focus = set()
    if focus_branch is not None and 0 <= focus_branch < len(nest.branches()):
        path = nest.branches()[focus_branch]
        focus = {path[: k + 1] for k in range(len(path))}

    rows: list[list[float]] = []
    nodes: list[GraphNode] = []
    edges: list[tuple[int, int, int]] = []

    def loop_row(loop: Loop, path: tuple[int, ...], tiles: tuple[str, ...]) -> list[float]:
        x = [0.0] * NODE_FEATURES
        level = len(path) - 1
        x[BLOCK["kind"].start + LOOP] = 1.0
        x[BLOCK["loop.depth"].start] = level / MAX_DEPTH
        lo, hi, trip = geometry.bounds(loop, level)
        x[BLOCK["loop.bounds"]] = [slog(lo), slog(hi), log2p(trip)]
        x[BLOCK["loop.focus"].start] = 1.0 if path in focus else 0.0
        x[BLOCK["loop.parallel"].start] = 1.0 if loop.parallel else 0.0
        x[BLOCK["loop.unroll"].start] = math.log2(max(loop.unroll, 1))
        x[BLOCK["loop.jam"].start] = math.log2(max(loop.jam, 1))
        x[BLOCK["loop.vector"].start] = 1.0 if loop.vector else 0.0
        x[BLOCK["loop.pack"].start] = log2p(len(loop.pack))
        stmt = next(iter(loop.exprs))
        coefs, par, const, den = linear_part(loop.exprs[stmt])
        iterators = scop.statement(stmt).iterators
        base = _base_name(loop.name)
        main = iterators.index(base) if base in iterators else next(
            (k for k, c in enumerate(coefs) if c), 0)
        if main < len(coefs) and coefs[main] * signs.get((stmt, main), 1) < 0:
            x[BLOCK["loop.reversed"].start] = 1.0
        is_tile = den > 1 or loop.name.endswith("_t")
        x[BLOCK["loop.tile"]] = [1.0 if is_tile else 0.0, math.log2(den) if den > 1 else 0.0,
                                 1.0 if not is_tile and base in tiles else 0.0]
        x[BLOCK["loop.skew"]] = [float(len(loop.skew)), slog(sum(f for _, f in loop.skew))]
        sched = [0.0] * (MAX_DEPTH + 2)
        for k, c in enumerate(coefs[:MAX_DEPTH]):
            sched[k] = float(c)
        sched[MAX_DEPTH], sched[MAX_DEPTH + 1] = slog(par), slog(const)
        x[BLOCK["loop.schedule"]] = sched
        x[BLOCK["loop.reuse"]] = _reuse_features(report, path)
        x[BLOCK["loop.innermost"].start] = 0.0 if any(isinstance(c, Loop) for c in loop.children) else 1.0
        return x

    stride_counts: dict[int, list[int]] = {}  # loop row -> accesses per _stride_class

    def strides(s: Statement, row: list[float], loops: tuple[tuple[int, Loop], ...],
                refs: list[tuple[ArrayRef | Scalar, bool]], rows_of: list, shown: list[int]) -> None:
        """Count the statement's accesses (`refs`, their rows `rows_of`) into its loops'
        stride classes; fill stmt.strides for the accesses at indices `shown`."""
        # a function of the statement and of its loops' expressions (remembered per program)
        key = ("steps", s.name, tuple(loop.exprs[s.name].to_str() for _, loop in loops))
        steps = geometry.memo.get(key)
        if steps is MISSING:
            directions = _directions(s, [loop for _, loop in loops])
            extents = [scop.arrays[r.name].dims if r.name in scop.arrays else () for r, _ in refs]
            steps = geometry.memo.put(key, [
                [_address_step(rows, ext, d) for rows, ext in zip(rows_of, extents, strict=True)] for d in directions])
        assert isinstance(steps, list)
        for (node, _), along in zip(loops, steps, strict=True):
            counts = stride_counts.setdefault(node, [0, 0, 0, 0])
            for step in along:
                counts[_stride_class(step)] += 1
        inner = [k for k, (_, loop) in enumerate(loops) if loop.jam == 1]  # a jam loop is unrolled away
        if not inner:
            return
        along = steps[inner[-1]]
        block = BLOCK["stmt.strides"].start
        for slot, k in enumerate(shown):
            step = along[k]
            if step is None:
                continue
            row[block + 3 * slot: block + 3 * slot + 3] = [slog(step), float(step == 0), float(abs(step) == 1)]

    folded = tuple(sorted(FOLDED_OPS.items()))  # part of the statement rows' memo key (what _op_counts counts)

    def stmt_row(s: Statement, depth: int, loops: tuple[tuple[int, Loop], ...]) -> list[float]:
        # all but the depth and the strides is a function of the statement (and of the
        # program's instance counts): made once per program, not once per graph
        key = ("statement row", s.name, folded)
        known = geometry.memo.get(key)
        if known is MISSING:
            known = geometry.memo.put(key, statement_part(s))
        assert isinstance(known, tuple)
        part, refs, rows_of, shown = known
        x = list(part)
        x[BLOCK["stmt.depth"].start] = depth / MAX_DEPTH
        strides(s, x, loops, refs, rows_of, shown)
        return x

    def statement_part(s: Statement) -> tuple[list[float], list, list, list[int]]:
        """The row of a statement without its depth and strides, with what `strides` takes:
        its references, their access rows and the indices of those the row shows."""
        x = [0.0] * NODE_FEATURES
        x[BLOCK["kind"].start + STATEMENT] = 1.0
        x[BLOCK["stmt.instances"].start] = log2p(geometry.instances.get(s.name, 0))
        x[BLOCK["stmt.reduction"].start] = 1.0 if is_reduction(s) else 0.0
        array = scop.arrays.get(s.lhs.name)
        x[BLOCK["stmt.dtype"].start + _dtype(array.ctype if array else "double")] = 1.0
        x[BLOCK["stmt.ops"]] = _op_counts(s)
        refs = [(r, w) for r, w in statement_references(s) if r.name not in constants]  # the write first
        rows_of = geometry.memo.get(("access rows", s.name))
        if rows_of is MISSING:
            rows_of = geometry.memo.put(("access rows", s.name), [_access_rows(s, r) for r, _ in refs])
        assert isinstance(rows_of, list)
        x[BLOCK["stmt.write"]] = _access_vector(s, s.lhs, rows_of[0])
        reads = [k for k, (_, w) in enumerate(refs) if not w]
        block = BLOCK["stmt.reads"]
        for slot, k in enumerate(reads[:MAX_ACCESSES]):
            start = block.start + slot * ACCESS_WIDTH
            x[start : start + ACCESS_WIDTH] = _access_vector(s, refs[k][0], rows_of[k])
        x[BLOCK["stmt.more_reads"].start] = log2p(max(len(reads) - MAX_ACCESSES, 0))
        return x, refs, rows_of, [0] + reads[:MAX_ACCESSES]

    def visit(children: tuple, prefix: tuple[int, ...], parent: int | None, tiles: tuple[str, ...],
              loops: tuple[tuple[int, Loop], ...]) -> None:
        for k, child in enumerate(children):
            path = prefix + (k,)
            me = len(rows)
            if isinstance(child, Leaf):
                rows.append(stmt_row(scop.statement(child.stmt), len(prefix), loops))
                nodes.append(GraphNode(STATEMENT, path, child.stmt))
            else:
                rows.append(loop_row(child, path, tiles))
                nodes.append(GraphNode(LOOP, path, child.name))
            if parent is not None:
                edges.append((parent, me, 0))
                edges.append((me, parent, 1))
            if isinstance(child, Loop):
                inner = tiles + ((_base_name(child.name),) if child.name.endswith("_t") else ())
                visit(child.children, path, me, inner, loops + ((me, child),))

    visit(nest.children, (), None, (), ())
    for node, counts in stride_counts.items():
        total = sum(counts)
        rows[node][BLOCK["loop.strides"]] = [log2p(c) for c in counts] + [
            (counts[0] + counts[1]) / total if total else 0.0]

    stmt_node = {n.name: i for i, n in enumerate(nodes) if n.kind == STATEMENT}
    flows = geometry.memo.get(("flows",))
    if flows is MISSING:  # a function of the program, asked for by every graph
        flows = geometry.memo.put(("flows",), _flows(scop))
    assert isinstance(flows, list)
    for w, r in flows:
        if w in stmt_node and r in stmt_node:
            edges.append((stmt_node[w], stmt_node[r], 2))
            edges.append((stmt_node[r], stmt_node[w], 3))

    edges = list(dict.fromkeys(edges))
    # through numpy: torch.tensor reads a list of lists of floats about three times slower
    # (the same float32 values: both round each float to nearest)
    x = torch.from_numpy(np.array(rows, dtype=np.float32).reshape(len(rows), NODE_FEATURES))
    if edges:
        edge_index = torch.tensor([[a for a, _, _ in edges], [b for _, b, _ in edges]], dtype=torch.long)
        edge_type = torch.tensor([t for _, _, t in edges], dtype=torch.long)
    else:
        edge_index = torch.zeros((2, 0), dtype=torch.long)
        edge_type = torch.zeros((0,), dtype=torch.long)
    # one-hot rows of the edge types (rows of the identity: what one_hot(...).float() gives,
    # without its check of the largest type)
    edge_attr = torch.eye(NUM_EDGE_TYPES)[edge_type]
    node_kind = torch.tensor([n.kind for n in nodes], dtype=torch.long)
    return Data(x=x, edge_index=edge_index, edge_attr=edge_attr, edge_type=edge_type, node_kind=node_kind,
                nodes=nodes)


def feature_table() -> str:
    """The layout as `name [start:stop]` lines, for debugging and docs."""
    return "\n".join(f"{name:16} [{BLOCK[name].start}:{BLOCK[name].stop}]" for name, _ in FEATURE_BLOCKS)
