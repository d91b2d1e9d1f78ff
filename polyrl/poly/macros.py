"""Macro schedules: the multi-step schedules of polyrl's hand-written ones, written for any
program, with their sizes as parameters.

Each branch of a program (left to right, followed by identity as the environment does)
is read once: which source iterator each of its loops runs, and how every array reference
of the statements under its innermost loop moves along each loop (invariant, stride 1,
or a longer stride). From that the branch gets the plan its shape calls for:

- every branch: a loop runs in parallel only where one run of it holds enough work to pay
  for starting threads (polyrl.poly.geometry.MIN_PARALLEL_WORK, the policy's rule);
- every branch: the loop that walks most references with stride 1 (the written one
  counting double) becomes the innermost, by adjacent interchanges (a column walk is
  turned into a row walk); in a band that will be packed, a column walk of a read-only
  operand counts as the row walk of its transposed buffer;
- a band of three loops with reuse (a reference invariant in one of them: contractions,
  products, the statistics kernels): tile the band (`T3`), put the innermost point loop's
  tile loop outermost (the BLIS order), parallelize, pack each read-only operand at the
  deepest tile loop its subscripts use (`K`, or `KT` when the innermost loop walks one of
  its columns; an array read twice, for the reference the innermost loop walks), register-block the two point loops around the innermost (`J2`) and write
  the innermost as vector code (`V`);
- two loops with reuse: tile them (`T2`), parallelize, jam, vector code;
- a time loop (an outermost loop no subscript uses) around a band of one to three space
  loops: skew the (first two) space loops by the time loop (the smallest factors in 1..3 that make the band
  tileable), tile the band, skew the tile loops into a wavefront, interchange it outward
  and run the next tile loop in parallel;
- a program whose scalars can be expanded (a temporary set, accumulated and used in each
  iteration of the outer loops): each non-affine profile also plans it with them expanded
  (E), each expanded branch's two outer loops tiled first with the tile loop that can run
  in parallel outermost, and takes that plan where it runs a tenth more of the work in
  parallel (FUSION_GAIN).

Every step is applied with polyrl.poly.transform and checked with the exact legality
check before the next; a step that is illegal or does not apply is left out, so a plan
degrades to its legal part. `PROFILES` are the size settings; `macro_schedules` gives one
schedule per profile (repeats left out). They are candidates to measure (the searches,
distillation's targets, `polyrl measure --schedules macros`), not answers.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.frontend.affine import of_expr
from polyrl.ir import ArrayRef
from polyrl.poly.accesses import statement_references
from polyrl.poly.branchshape import INVARIANT, BranchShape, read_branch, ref_stride
from polyrl.poly.geometry import DEFAULT_PARAM_VALUE, MIN_PARALLEL_WORK, LoopGeometry, parallel_work, small_regions
from polyrl.poly.legality import Model, carried_by, checked_apply, loop_stride
from polyrl.poly.params import resolve_params
from polyrl.poly.schedule import MAX_JAM, Action, Schedule
from polyrl.poly.transform import Leaf, LoopNest, apply_action, branch_identity, branch_of, to_union_map


@dataclass(frozen=True)
class Profile:
    """The sizes of one macro schedule."""

    name: str
    tile3: tuple[int, int, int] | None  # a 3-loop band's tile sizes (outer to inner); None: do not tile
    tile2: tuple[int, int] | None  # a 2-loop band's
    jam: tuple[int, int]  # register block: the two loops around the innermost, unrolled and jammed
    pack: bool = True
    outer_parallel: bool = False  # parallelize the outermost tile loop, not the one around the points
    stencil_tile: int = 32  # tile size of time-skewed bands (0: no time tiling)
    # isl's affine scheduler first (action A), then the plans on its loops: the first of
    # these fusion policies, or a later one whose plan runs a tenth more of the program's
    # statement instances under a parallel loop, or (a time-iterated program) as much
    # without tiling the time loop (see `macro_schedule`; empty: no A)
    affine: tuple[int, ...] = ()
    blis_order: bool = True  # a tiled 3-loop band's innermost point loop's tiles outermost
    # tile the band in the order it has, then choose the innermost among the point loops
    # only (Pluto's intra-tile order: the tile loops keep the scheduler's order); else the
    # innermost is chosen first and the tile loops follow it
    intra_tile: bool = False


PROFILES: tuple[Profile, ...] = (
    Profile("blis-large", (32, 128, 256), (32, 128), (8, 4)),
    Profile("blis-medium", (64, 64, 128), (64, 64), (4, 4), stencil_tile=16),
    Profile("blis-small", (32, 32, 64), (32, 32), (4, 2), outer_parallel=True, stencil_tile=64),
    Profile("tile-nopack", (32, 128, 256), (64, 128), (4, 4), pack=False, outer_parallel=True, stencil_tile=0),
    Profile("order-parallel-vector", None, None, (4, 1), pack=False),
    # the Pluto form: isl's schedule without fusion (each strongly connected component its
    # own loops, so each band is tiled and parallelized alone, as Pluto's outputs are),
    # else smart fusion (with parallel outer loops first) where that runs much more of the
    # work in parallel, or on a time-iterated program as much without time tiles; tiles of 32
    # in isl's order, the innermost chosen among the point loops, the outermost parallel
    # tile loop (else a wavefront of tiles), the loop around the innermost
    # unrolled-and-jammed by 4 (not in a wavefront), the innermost loop vector code
    Profile("affine-tile", (32, 32, 32), (32, 32), (4, 1), pack=False, outer_parallel=True, affine=(0, 1, 3),
            blis_order=False, intra_tile=True),
    Profile("affine-blis", (32, 128, 256), (32, 128), (4, 4), affine=(1,)),
)


# ---------------------------------------------------------------- applying a plan


class _Builder:
    """A schedule under construction: `take` applies an action to the focus branch when
    it applies and is legal, and otherwise leaves everything as it was."""

    def __init__(self, model: Model, nest: LoopNest, focus: str):
        self.model = model
        self.nest = nest
        self.actions: list[Action] = []
        self.focus = focus
        self._work: dict[str, int] | None = None

    def work(self, statements: frozenset[str]) -> int:
        """Statement instances of `statements` (the parameters fixed as in the masks)."""
        if self._work is None:
            self._work = _instances(self.model)
        return sum(self._work.get(s, 0) for s in statements)

    @property
    def branch(self) -> int:
        return branch_of(self.nest, self.focus)

    def take(self, kind: str, *args: int) -> bool:
        act = Action(self.branch, kind, tuple(args))
        try:
            new = checked_apply(self.model, self.nest, act, explain=False)
        except (PolyrlError, ValueError, IndexError):
            return False
        self.nest = new
        self.actions.append(act)
        return True

    def first(self, *options: tuple) -> bool:
        return any(self.take(*o) for o in options)

    def mark(self) -> tuple[LoopNest, int]:
        return self.nest, len(self.actions)

    def undo(self, mark: tuple[LoopNest, int]) -> None:
        self.nest, n = mark
        del self.actions[n:]


def _innermost_first(b: _Builder, shape: BranchShape, band: int | None = None, packed: bool = False,
                     shift: int = 0) -> list[int]:
    """Bubble the loop that suits the innermost position best down to it; the levels'
    levels of the branch as read (`shape`) in their places after the interchanges that
    were legal. With `band`: among the point loops only, after the last `band` loops were
    tiled (the point loops then sit at levels depth..depth+band-1). `shift`: among all the
    loops, after tile loops were put in front of them (each sits `shift` levels deeper).
    `packed`: scored as BranchShape.score's."""
    d = shape.depth
    order = list(range(d))
    first, offset = (0, shift) if band is None else (d - band, band)
    best = max(range(first, d), key=lambda lvl: (shape.score(lvl, packed), lvl))
    if shape.score(best, packed) <= shape.score(d - 1, packed):
        return order
    mark = b.mark()
    for lvl in range(best, d - 1):
        if not b.take("I", lvl + offset, lvl + offset + 1):
            b.undo(mark)  # half a bubble moves the wrong loop innermost
            return list(range(d))
        order[lvl], order[lvl + 1] = order[lvl + 1], order[lvl]
    return order


def _own(b: _Builder, levels: list[int]) -> list[int]:
    """Those of `levels` whose loop is around the focus branch only (unroll-and-jam of a
    loop around another branch too would copy that branch's statements as well)."""
    branches = b.nest.branches()
    path = branches[b.branch]
    return [lvl for lvl in levels if lvl < len(path)
            and sum(p[: lvl + 1] == path[: lvl + 1] for p in branches) == 1]


def _parallel(b: _Builder, levels: list[int]) -> bool:
    """Parallelize the first of `levels` that is legal, holds enough work per run to pay
    for starting its threads (MIN_PARALLEL_WORK, as the policy), and is this branch's to
    take: its own loop, or one it shares with branches that hold less work (the heaviest
    branch under a shared loop parallelizes it; a lighter one left of it leaves it alone).

    A loop of at least two iterations comes first: a tile loop whose tile covers the whole
    extent (256 of MEDIUM's 240 columns) runs one thread. Taking the next such loop instead
    raised PolyBench MEDIUM's `tile-nopack` schedules (gemm 3.36x to 5.27x, 3mm 22.8x to
    39.8x, correlation 3.63x to 4.29x; session 35, `bench35-macro-fix.sh`); where no other
    loop can be parallel (trmm), the one-iteration loop is still taken: leaving the nest
    without a parallel loop ran slower there (1.17x to 0.68x)."""
    branches = b.nest.branches()
    path = branches[b.branch]
    loops = b.nest.loops_on(path)
    if any(loop.parallel for loop in loops):
        return False  # a loop around it runs in parallel already (for a heavier branch)
    mine = _leaves(b.nest, path)
    one_iteration = []  # allowed loops of one iteration, tried after all the others
    for lvl in levels:
        if lvl >= len(path):
            continue
        others = [p for p in branches if p[: lvl + 1] == path[: lvl + 1] and p != path]
        if any(b.work(_leaves(b.nest, p)) > b.work(mine) for p in others):
            continue
        if parallel_work(b.model.scop, b.nest, path, lvl) < MIN_PARALLEL_WORK:
            continue
        if _span(b, path, lvl) < 2:
            one_iteration.append(lvl)
        elif b.take("P", lvl):
            return True
    return any(b.take("P", lvl) for lvl in one_iteration)


def _span(b: _Builder, path: tuple[int, ...], level: int) -> int:
    """Most iterations of the loop at `level` on the branch at `path`, the parameters fixed
    as in the masks (2 where isl cannot say: the loop is not ruled out)."""
    scop = b.model.scop
    geometry = LoopGeometry(scop, b.nest, resolve_params(scop, None, DEFAULT_PARAM_VALUE))
    return geometry.span(b.nest.loops_on(path)[level], level, otherwise=2)


def _wavefront(b: _Builder, a: int) -> bool:
    """Run the tiles of the tile loops at levels a, a+1 as a wavefront (tile loop a+1
    advanced by tile loop a, then outermost), the tiles of one wavefront in parallel: the
    parallelism of a band none of whose tile loops is parallel (lu, cholesky), as Pluto's."""
    if any(loop.parallel for loop in b.nest.loops_on(b.nest.branches()[b.branch])):
        return False
    mark = b.mark()
    if b.take("S", a, a + 1, 1) and b.take("I", a, a + 1) and _parallel(b, [a + 1]):
        return True
    b.undo(mark)
    return False


def _parallel_tiles(b: _Builder, levels: list[int], a: int, p: Profile) -> tuple[int, int]:
    """Parallelize the first legal of `levels`, else (intra-tile profiles) run the tiles of
    the tile loops a, a+1 as a wavefront; the register block to take after it (none in a
    wavefront)."""
    if not _parallel(b, levels) and p.intra_tile and _wavefront(b, a):
        return (1, 1)
    return p.jam


def _leaves(nest: LoopNest, path: tuple[int, ...]) -> frozenset[str]:
    """The statements right under the innermost loop of the branch at `path`."""
    return frozenset(c.stmt for c in nest.loops_on(path)[-1].children if isinstance(c, Leaf))


def _instances(model: Model) -> dict[str, int]:
    """Statement -> its instances, the parameters fixed as in the masks."""
    scop = model.scop
    return LoopGeometry(scop, model.original, resolve_params(scop, None, DEFAULT_PARAM_VALUE)).instances


def _jam_vector(b: _Builder, outer: int, inner: int, jam: tuple[int, int]) -> None:
    """Register-block the loops at `outer` and `inner` (both around the innermost loop;
    `inner` may equal `outer` for a single one) and write the innermost as vector code.
    Where the innermost stays scalar (a reduction along it, or strides vector code cannot
    take) a single loop is jammed twice as deep: each copy is one more independent chain
    of arithmetic for the cores' pipelines, as Pluto's jam by 8; where the innermost loop
    carries a dependence only through one element of the array it writes, nothing is
    jammed (`_invariant_alias`)."""
    f, g = jam
    if max(f, g) <= 1:
        b.take("V")
        return
    levels = set(_own(b, [outer, inner]))

    def options(f: int) -> list[tuple]:
        out: list[tuple] = []
        if inner > outer and g > 1:
            out.append(("J2", outer, inner, f, g))
        out += [("J", inner, f), ("J", outer, f), ("J", inner, 2)]
        return [o for o in out if set(Action(0, o[0], o[1:]).levels) <= levels]

    mark = b.mark()
    b.first(*options(f))
    jammed = b.actions[mark[1]:]
    if jammed and any(_split(b, lvl) for lvl in jammed[0].levels):
        # a loop that runs its statements over ranges that do not meet (isl fused them
        # with a shift): each jammed copy of each statement would be guarded, inside
        # the vector loop too. Vector code alone (session 23, gramschmidt at LARGE:
        # 17.6x against 7.0x jammed)
        b.undo(mark)
        b.take("V")
        return
    if b.take("V"):
        return
    if _invariant_alias(b.model, mark[0], b.focus):  # asked of the loops before the jam
        b.undo(mark)
        return
    if g > 1:  # a register block of two loops stays as it is
        return
    b.undo(mark)
    b.first(*options(min(2 * f, MAX_JAM)))


def _invariant_alias(model: Model, nest: LoopNest, focus: str) -> bool:
    """Whether the innermost loop of branch `focus` of `nest` carries a dependence (isl) while it
    writes an element that moves with it and reads, in every iteration, one element of
    the array it writes: a loop that carries a dependence only through that element, as
    a relaxation through an intermediate node does (`A[i][j] = min(A[i][j], A[i][k] +
    A[k][j])`, k outside: the j loop carries one at j = k). gcc vectorizes such a loop by
    checking at run time that the element is not among those written; jammed copies
    multiply the checks past what it tries, and every copy runs scalar. Such a loop is
    left unjammed (MACROS_VERSION 15).

    Why: PolyBench's floyd-warshall ran its Pluto form (tiles of 32, the row loop jammed by
    8) at 0.40x at LARGE on a Zen 4 (session 52); on a Zen 5 at MEDIUM the tiles alone ran
    4.61x, jammed by 8 1.08x (session 53). Left as it was: a reduction along the innermost
    loop (the written element stays put: each jammed copy is one more independent chain of
    arithmetic), and a loop that carries no dependence, whose vector code was refused for
    its strides (session 53's first rule, MACROS_VERSION 14, unjammed those too: a
    column-oriented triangular solve ran 0.73x, `reports/session53/README.md`)."""
    path = nest.branches()[branch_of(nest, focus)]
    loops = nest.loops_on(path)
    level = len(loops) - 1
    found = False
    for leaf in loops[-1].children:
        if not isinstance(leaf, Leaf):
            continue
        s = model.scop.statement(leaf.stmt)
        if not isinstance(s.lhs, ArrayRef) or loop_stride(model, loops, level, s, s.lhs) == 0:
            return False  # a reduction (the usual case here): no dependence analysis needed
        found = found or any(isinstance(ref, ArrayRef) and not written and ref.name == s.lhs.name and ref != s.lhs
                             and loop_stride(model, loops, level, s, ref) == 0
                             for ref, written in statement_references(s))
    return found and bool(carried_by(model.for_nest(nest), nest, path, first=True))


def _split(b: _Builder, level: int) -> bool:
    """Whether the loop at `level` of the focus branch holds two statements whose values
    of it never meet."""
    loop = b.nest.loops_on(b.nest.branches()[b.branch])[level]
    scop = b.model.scop
    times = LoopGeometry(scop, b.nest, resolve_params(scop, None, DEFAULT_PARAM_VALUE)).times
    d = 2 * level + 1
    ranges = []
    for s in loop.exprs:
        t = times.get(s)
        if t is None or t.is_empty():
            continue
        n = t.dim(isl.dim_type.set)
        ranges.append(t.project_out(isl.dim_type.set, d + 1, n - d - 1).project_out(isl.dim_type.set, 0, d))
    return any(a.intersect(c).is_empty() for i, a in enumerate(ranges) for c in ranges[i + 1:])


def _pack(b: _Builder, shape: BranchShape, tile_level: dict[int, int], innermost: int) -> None:
    """Pack each read-only array of the band at the deepest tile loop its subscripts use.

    An array read through several references (syrk's A[i][k] and A[j][k]) is packed for the
    one the innermost loop walks, where there is one: the operand streamed through the
    vector loop, whose layout in the buffer matters (KT where the innermost walks one of its
    columns), at the deepest tile loop that reference uses. Before session 48 the first
    reference decided: syrk's A was packed as written at its row tile, its streamed column
    walk left strided (PolyBench syrk at LARGE: the hand schedule's KT(1,1) runs 9.2x)."""
    chosen: dict[str, tuple[ArrayRef, list[int], tuple[int, ...]]] = {}
    for ref, written, its in shape.refs:
        if written or ref.name in shape.written or ref.name not in b.nest.arrays:
            continue
        used = [lvl for lvl in tile_level if ref_stride(ref, its[lvl]) not in (INVARIANT,)]
        if len(used) < 2:
            continue  # a row or a column: nothing worth a copy
        if ref.name not in chosen or (innermost in used and innermost not in chosen[ref.name][1]):
            chosen[ref.name] = (ref, used, its)
    for name, (ref, used, its) in chosen.items():
        level = max(tile_level[lvl] for lvl in used)
        last = of_expr(ref.indices[-1]) or {}
        kind = "KT" if innermost in used and last.get(("i", its[innermost]), 0) == 0 else "K"
        b.first((kind, level, b.nest.arrays.index(name)))


def _band3(b: _Builder, shape: BranchShape, order: list[int], p: Profile) -> bool:
    """Tile the last three loops, BLIS order, parallel, packs, register block, vector code."""
    d = shape.depth
    a = d - 3
    if p.tile3 is None or not b.take("T3", a, a + 1, a + 2, *p.tile3):
        return False
    x, y, z = order[a:]
    tile_level = {x: a, y: a + 1, z: a + 2}
    if p.intra_tile:
        _innermost_first(b, shape, 3)
    elif p.blis_order and b.take("I", a, a + 2):  # the innermost point loop's tiles outermost
        tile_level = {z: a, y: a + 1, x: a + 2}
    outer = list(range(a))  # loops around the band, outermost first
    tiles = [a, a + 2, a + 1] if p.outer_parallel else [a + 2, a, a + 1]
    jam = _parallel_tiles(b, outer + tiles, a, p)
    if p.pack:
        _pack(b, shape, tile_level, z)
    _jam_vector(b, d, d + 1, jam)
    return True


def _band2(b: _Builder, shape: BranchShape, p: Profile) -> bool:
    d = shape.depth
    a = d - 2
    if p.tile2 is None or not b.take("T2", a, a + 1, *p.tile2):
        return False
    if p.intra_tile:
        _innermost_first(b, shape, 2)
    _jam_vector(b, d, d, _parallel_tiles(b, [*range(a), a, a + 1, d], a, p))
    return True


def _skews(d: int) -> list[tuple[tuple[int, int, int], ...]]:
    """Skews S(a,b,f) that may make a time-stencil band of depth d tileable, fewest and
    smallest first: every space loop by the time loop (factors 1..3), for d = 3 also the
    inner space loop by the outer one (a Gauss-Seidel sweep needs it); no skew at all
    first (the affine scheduler's bands are tileable as they are)."""
    out: list[tuple[tuple[int, int, int], ...]] = [()]
    for fs in itertools.product((1, 2, 3), repeat=d - 1):
        for g in ((0, 1) if d == 3 else (0,)):
            steps = tuple((0, lvl, f) for lvl, f in enumerate(fs, start=1)) + (((1, 2, g),) if g else ())
            out.append(steps)
    return sorted(out, key=lambda st: (max((f for _, _, f in st), default=0), len(st), sum(f for _, _, f in st)))


def _stencil(b: _Builder, shape: BranchShape, p: Profile) -> bool:
    """Time-skew, tile and run a wavefront of tiles in parallel (perfect bands of 2-4 loops
    whose outermost loop is a time loop; of 4, the time loop and the two outer space loops
    are tiled, the innermost stays whole for vector code)."""
    d = shape.depth
    if p.stencil_tile <= 0 or d not in (2, 3, 4) or not shape.is_time(0):
        return False
    size = p.stencil_tile
    skews = _skews(min(d, 3))
    # Skewing a space loop by the time loop adds f times a dependence's (non-negative) time
    # distance to its space distance, and the inner space loop by the outer one likewise:
    # a band that the largest skews leave untileable no smaller ones make tileable. Trying
    # them first spares the other combinations (up to 18, each a legality check per step)
    # on sweeps no skew tiles: adi's, whose plans took 7 of its 10 s of inference at MEDIUM
    # (session 27; the macro schedules of 220 programs came out the same).
    mark = b.mark()
    largest = all(b.take("S", *step) for step in skews[-1]) and (
        b.take("T2", 0, 1, size, size) if d == 2 else b.take("T3", 0, 1, 2, size, size, size))
    b.undo(mark)
    if not largest:
        return False
    for steps in skews:
        mark = b.mark()
        if all(b.take("S", *step) for step in steps):
            tiled = b.take("T2", 0, 1, size, size) if d == 2 else b.take("T3", 0, 1, 2, size, size, size)
            if tiled:
                break
        b.undo(mark)
    else:
        return False
    # the wavefront: tile loop 1 advanced by tile loop 0, then outermost; tile loop 0 is
    # then free of dependences inside one wavefront
    mark = b.mark()
    if not (b.take("S", 0, 1, 1) and b.take("I", 0, 1) and _parallel(b, [1])):
        b.undo(mark)  # (also where a wavefront holds too little work to pay for its threads)
    b.take("V")
    return True


def _outer_band(b: _Builder, shape: BranchShape, p: Profile) -> bool:
    """Tile the branch's two outermost loops, run the tile loop that can run in parallel
    outermost (one fork for the whole nest), bring the loop that suits the innermost
    position best there among the point loops and the loops inside them, register-block
    the loop around it and write it as vector code.

    Tried first on a branch whose scalars were expanded (`_expansions`): its statements
    sit at several depths under the two outer loops (a temporary set before an inner
    reduction and used after it), so the band of the three innermost loops is not
    perfect, and a loop the expansion freed of dependences is often the second outer one,
    whose one run inside the first holds too little work to pay for starting threads
    (a symmetric product through a temporary: the column loop j, inside the row loop i
    that carries the updates of earlier rows)."""
    d = shape.depth
    if d < 3 or p.tile2 is None:
        return False
    mark = b.mark()
    if not b.take("T2", 0, 1, *p.tile2):
        return False
    if not _parallel(b, [0]) and not (b.take("I", 0, 1) and _parallel(b, [0])):
        b.undo(mark)  # (the tiles, and the interchange where it was taken)
        return False
    _innermost_first(b, shape, shift=2)  # the two tile loops in front: every loop two deeper
    _jam_vector(b, d, d, (p.jam[0], 1))  # the loop around the innermost (at d + 1)
    return True


def _expansions(model: Model) -> tuple[list[Action], LoopNest]:
    """E of every scalar of the program that can be expanded (polyrl.poly.expansion), in
    order, and the nest they make; ([], the original) where none can."""
    known = model.plans.get("expansions")
    if known is None:
        nest, actions = model.original, []
        for k in range(len(nest.scalars)):
            act = Action(0, "E", (k,))
            try:
                nest = checked_apply(model, nest, act, explain=False)
            except PolyrlError:
                continue
            actions.append(act)
        known = model.plans["expansions"] = (tuple(actions), nest)
    return list(known[0]), known[1]


def _plan(b: _Builder, shape: BranchShape, p: Profile) -> None:
    d = shape.depth
    if d >= 2 and shape.is_time(0) and _stencil(b, shape, p):
        return
    if b.nest.expanded and _outer_band(b, shape, p):
        return
    if p.intra_tile and len(_own(b, [d - 2, d - 1])) < 2:
        # tiling a loop that other branches share would take them into the tiles and keep
        # their loops from being planned: the innermost loop first, whose interchange
        # takes this branch out of the shared loop where that is legal (gramschmidt)
        p = replace(p, intra_tile=False)
    band3 = d >= 3 and shape.reused(range(d - 3, d)) and p.tile3 is not None
    order = list(range(d)) if p.intra_tile else _innermost_first(b, shape, packed=band3 and p.pack)
    if band3 and _band3(b, shape, order, p):
        return
    if d >= 2 and shape.reused(range(d - 2, d)) and _band2(b, shape, p):
        return
    if p.intra_tile:
        _innermost_first(b, shape)
    _parallel(b, list(range(d)))
    if d >= 2 and p.jam[1] > 1:
        _jam_vector(b, d - 2, d - 2, (p.jam[1], 1))
    else:
        b.take("V")


def plan_branch(model: Model, nest: LoopNest, branch: int, profile: Profile) -> tuple[list[Action], LoopNest]:
    """`profile`'s plan for the branch `branch` of `nest`: its actions, each checked legal
    after the ones before it, and the nest they make ([] and `nest` when the branch's
    loops are not plain source loops any more, or nothing of the plan is legal)."""
    statements = {s.name: s for s in model.scop.statements}
    path = nest.branches()[branch]
    shape = read_branch(statements, nest, path)
    if shape is None:
        return [], nest
    b = _Builder(model, nest, branch_identity(nest, path))
    _plan(b, shape, profile)
    return b.actions, b.nest


def untouched(nest: LoopNest, path: tuple[int, ...]) -> bool:
    """Whether the branch's loops carry none of the marks an action leaves (parallel,
    unrolled, jammed, vector code, packs, skews): where a macro may start. Tiled or
    interchanged loops are told apart by `plan_branch` (it finds no plain source loops)."""
    return not any(loop.parallel or loop.unroll > 1 or loop.jam > 1 or loop.vector or loop.pack or loop.skew
                   for loop in nest.loops_on(path))


def without_small_regions(model: Model, actions: list[Action], nest: LoopNest,
                          minimum: int = MIN_PARALLEL_WORK) -> tuple[list[Action], LoopNest]:
    """`actions` (whose nest is `nest`) without the P actions whose loops, in the nest the
    whole schedule makes, start too often for their work (`small_regions`), and the nest
    without them. A P is judged when it is taken, but a later action can move its loop
    inward: a later branch's interchange of loops it shares, or isl's schedule putting a
    time loop inside a parallel one. A generated program's Pluto form at small sizes
    (seed 81, session 27) ran 20x slower than the original so, its parallel loop started
    11,200 times for 40 instances each. Leaving a P out changes no iteration order, so the
    schedule stays legal; the nest is replayed without the checks."""
    small = small_regions(model.scop, nest, minimum) if minimum > 0 else 0
    for k in reversed(range(len(actions))):
        if not small:
            break
        if actions[k].kind != "P":
            continue
        trial = actions[:k] + actions[k + 1:]
        replayed = model.original
        for act in trial:
            replayed = apply_action(replayed, act)
        fewer = small_regions(model.scop, replayed, minimum)
        if fewer < small:
            actions, nest, small = trial, replayed, fewer
    return actions, nest


def _plan_all(model: Model, nest: LoopNest, profile: Profile) -> tuple[list[Action], LoopNest]:
    """`profile`'s plan applied to every branch of `nest`, left to right as the policy's
    episodes go: the actions and the nest they make."""
    actions: list[Action] = []
    focus = branch_identity(nest, nest.branches()[0])
    while True:
        branch = branch_of(nest, focus)
        acts, nest = plan_branch(model, nest, branch, profile)
        actions += acts
        branches = nest.branches()
        branch = branch_of(nest, focus)
        if branch + 1 >= len(branches):
            break
        focus = branch_identity(nest, branches[branch + 1])
    return actions, nest


# a later fusion policy of a profile replaces an earlier one's plan only when it runs this
# share more of all statement instances in parallel (not for a few small loops fused into
# parallel ones)
FUSION_GAIN = 0.1


def parallel_share(model: Model, nest: LoopNest) -> float:
    """The share of the program's statement instances that run under a parallel loop of
    `nest` (the parameters fixed as in the masks)."""
    instances = _instances(model)
    under: set[str] = set()
    for path in nest.branches():
        for loop in nest.loops_on(path):
            if loop.parallel:
                under.update(loop.exprs)
    return sum(instances.get(s, 0) for s in under) / max(sum(instances.values()), 1)


def time_iterated(model: Model) -> bool:
    """Whether the whole program sits in one outermost loop that no subscript uses (a
    time loop around stencil sweeps)."""
    roots = model.original.children
    if len(roots) != 1 or not model.original.branches():
        return False
    statements = {s.name: s for s in model.scop.statements}
    for path in model.original.branches():
        shape = read_branch(statements, model.original, path)
        if shape is None or not shape.is_time(0):
            return False
    return True


def _tiles_time(actions: list[Action]) -> bool:
    """Whether a plan of a time-iterated program tiles its outermost (time) loop."""
    return any(a.kind in ("T2", "T3") and a.args[0] == 0 for a in actions)


def macro_schedule(model: Model, profile: Profile) -> Schedule:
    """`macro_plan`'s schedule (see there)."""
    return Schedule(tuple(macro_plan(model, profile)[0]))


def macro_plan(model: Model, profile: Profile) -> tuple[list[Action], LoopNest]:
    """`profile`'s plan applied to every branch, left to right as the policy's episodes go
    (the same actions as the policy's M(p) on each branch). A profile with `affine` starts
    with isl's schedule (A) under the first of its fusion policies; a later one replaces
    it where its plan runs FUSION_GAIN more of the work in parallel, or, on a
    time-iterated program, as much of it without tiling the time loop (a wavefront of
    time tiles pays for its skewed bounds only where it is what makes the sweeps
    parallel: session 23 at LARGE, heat-3d 1.80x with parallel space loops against 0.58x
    time-tiled, fdtd-2d 1.81x time-tiled where the other form runs a third in parallel).
    Empty when isl gives none, or when no plan takes anything on its loops (isl's order
    alone is no plan). Returns the actions and the nest they make (the original nest
    when there are none). Made once per model and profile (`Model.plans`)."""
    known = model.plans.get(profile)
    if known is None:
        actions, nest = _macro_plan(model, profile)
        known = model.plans[profile] = (tuple(actions), nest)
    return list(known[0]), known[1]


def _macro_plan(model: Model, profile: Profile) -> tuple[list[Action], LoopNest]:
    nest = model.original
    if not nest.branches():
        return [], nest
    if not profile.affine:
        plain = without_small_regions(model, *_plan_all(model, nest, profile))
        expansions, expanded = _expansions(model)
        plain_share = parallel_share(model, plain[1]) if expansions else 1.0
        if plain_share + FUSION_GAIN < 1:  # (else no plan could run FUSION_GAIN more in parallel)
            # the plan after expanding the scalars, where it runs FUSION_GAIN more of the work in parallel
            acts, planned = _plan_all(model, expanded, profile)
            acts, planned = without_small_regions(model, expansions + acts, planned)
            if parallel_share(model, planned) > plain_share + FUSION_GAIN:
                return acts, planned
        return plain
    stencil = time_iterated(model)
    best: tuple[float, list[Action], LoopNest] | None = None
    seen: list[isl.UnionMap] = []  # isl's schedules planned already
    for fusion in profile.affine:
        act = Action(0, "A", (fusion,))
        try:
            scheduled = checked_apply(model, nest, act, explain=False)
        except PolyrlError:
            continue
        made = to_union_map(model.scop, scheduled)
        if any(made.is_equal(u) for u in seen):
            # another fusion policy's schedule: its plan would be the same, and a plan
            # replaces an earlier one only where it does better
            continue
        seen.append(made)
        start: list[Action] = []
        if not made.is_equal(to_union_map(model.scop, nest)):
            start = [act]  # (isl's schedule is the source order: the plan starts from it)
        else:
            scheduled = nest
        actions, planned = _plan_all(model, scheduled, profile)
        if not actions:
            continue  # isl's order alone, with no plan on its loops: the program as written
        actions, planned = without_small_regions(model, start + actions, planned)
        share = parallel_share(model, planned)
        if (best is None or share > best[0] + FUSION_GAIN
                or (stencil and share >= best[0] and _tiles_time(best[1]) and not _tiles_time(actions))):
            best = (share, actions, planned)
    return (best[1], best[2]) if best is not None else ([], nest)


def source_plan(model: Model, profile: Profile, actions: list[Action],
                nest: LoopNest) -> tuple[list[Action], LoopNest] | None:
    """The plan of `profile` (one with `affine`) on the loops as written, where it is an
    alternative to `macro_plan`'s `actions` (isl's schedule and its plan, making `nest`):
    where isl's does not run FUSION_GAIN more of the work in parallel, nor (on a
    time-iterated program) as much without tiling the time loop where this one tiles it.
    None where it is no alternative, is empty or is the same schedule."""
    if not actions or actions[0].kind != "A":
        return None
    plain, planned = macro_plan(model, replace(profile, affine=()))
    if not plain or plain == actions:
        return None
    share, isl_share = parallel_share(model, planned), parallel_share(model, nest)
    if isl_share > share + FUSION_GAIN or (time_iterated(model) and isl_share >= share and _tiles_time(plain)
                                          and not _tiles_time(actions)):
        return None
    return plain, planned


def macro_schedules(model: Model, profiles: tuple[Profile, ...] = PROFILES) -> dict[str, Schedule]:
    """Profile name -> its macro schedule, leaving out empty ones and repeats."""
    return {name: Schedule(tuple(acts)) for name, (acts, _) in macro_plans(model, profiles).items()}


def macro_plans(model: Model, profiles: tuple[Profile, ...] = PROFILES
                ) -> dict[str, tuple[list[Action], LoopNest]]:
    """Profile name -> its plan (`macro_plan`: the actions and the nest they make), leaving
    out empty ones and repeats, as `macro_schedules`."""
    out: dict[str, tuple[list[Action], LoopNest]] = {}
    seen: set[str] = {""}
    for p in profiles:
        acts, nest = macro_plan(model, p)
        text = str(Schedule(tuple(acts)))
        if text not in seen:
            seen.add(text)
            out[p.name] = (acts, nest)
    return out
