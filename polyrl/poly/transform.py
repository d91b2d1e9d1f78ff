"""Transformations as schedule changes on a loop tree whose loops carry affine expressions.

A `LoopNest` is the program's current schedule: a tree of `Loop`s, each holding, for
every statement below it, the quasi-affine expression (isl.Aff over that statement's
iterators) the loop enumerates. Every action is a pure function `LoopNest -> LoopNest`;
`to_union_map` turns the tree into the isl schedule that legality and codegen use.
Legality itself lives in `polyrl.poly.legality`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.poly.schedule import Action


@dataclass(frozen=True)
class Leaf:
    stmt: str


@dataclass(frozen=True, eq=False)
class Loop:
    name: str  # what users read: the source iterator, `i_t` for a tile loop
    exprs: dict[str, isl.Aff]  # statement name -> value of this loop for that statement
    children: tuple[Loop | Leaf, ...]
    parallel: bool = False
    unroll: int = 1
    skew: tuple[tuple[int, int], ...] = field(default=())  # (level, factor) applied, for features
    # > 1: a point loop of unroll-and-jam with at most `jam` iterations, which codegen
    # unrolls completely into the body of the loop around it
    jam: int = 1
    # arrays copied into contiguous buffers at the start of each iteration of this loop
    # (packing; read-only inside it), in the order the action named them
    pack: tuple[str, ...] = ()
    # those of `pack` whose buffer is transposed (action KT)
    transposed: tuple[str, ...] = ()
    # an innermost loop printed as explicit vector code (action V)
    vector: bool = False

    def restricted(self, children: tuple[Loop | Leaf, ...]) -> Loop:
        """This loop around only `children` (used when distributing it)."""
        stmts = set(_statements(children))
        return replace(self, exprs={s: a for s, a in self.exprs.items() if s in stmts}, children=children)


Node = Loop | Leaf


@dataclass(frozen=True, eq=False)
class LoopNest:
    children: tuple[Node, ...]
    # the arrays a packing action K(a,k) can name, k-th first: the Scop's arrays in its
    # order, without scalars and names declared inside the region
    arrays: tuple[str, ...] = ()
    # the scalars an expansion action E(k) can name, k-th first: those the region writes,
    # in the Scop's order; and those expanded so far (polyrl.poly.expansion)
    scalars: tuple[str, ...] = ()
    expanded: tuple[str, ...] = ()
    # the Scop this nest is the source order of: set on the original nest only (every
    # action's result drops it), so that the affine scheduler A(f), which replaces the
    # whole tree, is taken only as a schedule's first action
    origin: Scop | None = field(default=None, compare=False, repr=False)

    def branches(self) -> list[tuple[int, ...]]:
        """Paths (child indices from the root) to every loop with no loop inside it, in order."""
        out: list[tuple[int, ...]] = []

        def visit(nodes: tuple[Node, ...], prefix: tuple[int, ...]) -> None:
            for k, n in enumerate(nodes):
                if isinstance(n, Loop):
                    if any(isinstance(c, Loop) for c in n.children):
                        visit(n.children, prefix + (k,))
                    else:
                        out.append(prefix + (k,))

        visit(self.children, ())
        return out

    def loops_on(self, path: tuple[int, ...]) -> list[Loop]:
        nodes, loops = self.children, []
        for k in path:
            node = nodes[k]
            assert isinstance(node, Loop)
            loops.append(node)
            nodes = node.children
        return loops

    def depth(self) -> int:
        def d(nodes: tuple[Node, ...]) -> int:
            return max((1 + d(n.children) for n in nodes if isinstance(n, Loop)), default=0)

        return d(self.children)

    def walk(self):
        """Yield (path, loop) for every loop, outer before inner."""

        def visit(nodes: tuple[Node, ...], prefix: tuple[int, ...]):
            for k, n in enumerate(nodes):
                if isinstance(n, Loop):
                    yield prefix + (k,), n
                    yield from visit(n.children, prefix + (k,))

        yield from visit(self.children, ())


def branch_identity(nest: LoopNest, path: tuple[int, ...]) -> str:
    """The first statement under the innermost loop of the branch at `path`; transformations
    of any branch keep it under an innermost loop, so it names the branch across them."""
    innermost = nest.loops_on(path)[-1]
    return next(c.stmt for c in innermost.children if isinstance(c, Leaf))


def branch_of(nest: LoopNest, statement: str) -> int:
    """Index of the branch whose innermost loop holds `statement`."""
    for k, path in enumerate(nest.branches()):
        if any(isinstance(c, Leaf) and c.stmt == statement for c in nest.loops_on(path)[-1].children):
            return k
    raise AssertionError(f"statement {statement} is under no innermost loop")


def _statements(nodes: tuple[Node, ...]) -> list[str]:
    out: list[str] = []
    for n in nodes:
        if isinstance(n, Leaf):
            out.append(n.stmt)
        else:
            out.extend(_statements(n.children))
    return out


# ---------------------------------------------------------------- from the Scop


def original_nest(scop: Scop) -> LoopNest:
    """The loop tree of the source order, rebuilt from the 2d+1 original schedules."""
    rows = []  # (statement, [(beta, aff), ...], final beta)
    for s in scop.statements:
        affs = _schedule_affs(s.original_schedule)
        depth = len(s.iterators)
        levels = [(int(_const(affs[2 * k])), affs[2 * k + 1]) for k in range(depth)]
        rows.append((s, levels, int(_const(affs[2 * depth]))))

    def build(group: list, level: int) -> tuple[Node, ...]:
        # order by beta at this level; statements whose loops end here become leaves
        keyed: dict[int, list] = {}
        for row in group:
            s, levels, last = row
            beta = levels[level][0] if level < len(levels) else last
            keyed.setdefault(beta, []).append(row)
        nodes: list[Node] = []
        for beta in sorted(keyed):
            members = keyed[beta]
            leaves = [r for r in members if len(r[1]) == level]
            inner = [r for r in members if len(r[1]) > level]
            if leaves and inner or len(leaves) > 1:
                raise AssertionError("two statements share one position in the source order")
            if leaves:
                nodes.append(Leaf(leaves[0][0].name))
                continue
            s0 = inner[0][0]
            exprs = {r[0].name: r[1][level][1] for r in inner}
            nodes.append(Loop(name=s0.iterators[level], exprs=exprs, children=build(inner, level + 1)))
        return tuple(nodes)

    arrays = tuple(n for n, a in scop.arrays.items() if a.dims and n not in scop.local_decls)
    written = {s.lhs.name for s in scop.statements}
    scalars = tuple(n for n, a in scop.arrays.items() if not a.dims and n in written)
    return LoopNest(build(rows, 0), arrays, scalars, origin=scop)


def _schedule_affs(m: isl.Map) -> list[isl.Aff]:
    pma = isl.PwMultiAff.from_map(m)
    affs = []
    for k in range(pma.dim(isl.dim_type.out)):
        pieces = pma.get_pw_aff(k).get_pieces()
        if len(pieces) != 1:
            raise AssertionError(f"original schedule of {m} is not affine in dimension {k}")
        affs.append(pieces[0][1])
    return affs


def _const(a: isl.Aff) -> int:
    return int(a.get_constant_val().to_python())


# ---------------------------------------------------------------- to isl


# per nest (while it lives), its schedule and the Scop it was made for: the legality check
# of a step and the program graph of the state it makes both ask for it
_UNION_MAPS: weakref.WeakKeyDictionary[LoopNest, tuple[weakref.ref, isl.UnionMap]] = weakref.WeakKeyDictionary()


def to_union_map(scop: Scop, nest: LoopNest) -> isl.UnionMap:
    """The schedule: each statement instance to its time vector [b0, e0, b1, e1, ..., b_d, 0...]."""
    made = _UNION_MAPS.get(nest)
    if made is not None and made[0]() is scop:
        return made[1]
    result = _union_map(scop, nest)
    _UNION_MAPS[nest] = (weakref.ref(scop), result)
    return result


# per Scop (while it lives), each statement's time map under the time parts it was made
# from: an action changes the loops of a few statements, and the nests it makes keep the
# other statements' isl.Aff objects, so their maps are made again only when those change
TIME_MAPS = 20_000  # remembered maps per Scop (all are forgotten beyond)
_TIME_MAPS: dict[int, tuple[weakref.ref, dict[tuple, tuple[list, isl.Map]]]] = {}


def _time_maps(scop: Scop) -> dict[tuple, tuple[list, isl.Map]]:
    made = _TIME_MAPS.get(id(scop))
    if made is None or made[0]() is not scop or len(made[1]) > TIME_MAPS:
        for key in [k for k, (ref, _) in _TIME_MAPS.items() if ref() is None]:
            del _TIME_MAPS[key]
        made = _TIME_MAPS[id(scop)] = (weakref.ref(scop), {})
    return made[1]


def _union_map(scop: Scop, nest: LoopNest) -> isl.UnionMap:
    ndim = 2 * nest.depth() + 1
    known = _time_maps(scop)
    result = isl.UnionMap.empty(scop.context.get_space())
    for stmt, parts in _time_parts(nest):
        # keyed by the parts themselves (the same objects, which the entry keeps alive)
        key = (stmt, ndim, tuple(p if isinstance(p, int) else id(p) for p in parts))
        entry = known.get(key)
        if entry is None or not all(a is b or (isinstance(a, int) and a == b)
                                    for a, b in zip(entry[0], parts, strict=True)):
            entry = known[key] = (parts, _time_map(scop, stmt, parts, ndim))
        result = result.union(isl.UnionMap.from_map(entry[1]))
    return result


def _time_map(scop: Scop, stmt: str, parts: list, ndim: int) -> isl.Map:
    s = scop.statement(stmt)
    space = s.domain.get_space()
    ls = isl.LocalSpace.from_space(space)
    affs = []
    for p in parts:
        affs.append(p if isinstance(p, isl.Aff) else isl.Aff.zero_on_domain(ls).set_constant_val(p))
    while len(affs) < ndim:
        affs.append(isl.Aff.zero_on_domain(ls))
    m = isl.Map.from_aff(affs[0])
    for a in affs[1:]:
        m = m.flat_range_product(isl.Map.from_aff(a))
    return m.intersect_domain(s.domain)


def changed_statements(before: LoopNest, after: LoopNest) -> set[str]:
    """Statements whose loop expressions or sequence positions differ between two nests."""
    old = dict(_time_parts(before))
    changed = set()
    for stmt, parts in _time_parts(after):
        prev = old.get(stmt)
        if prev is None or len(prev) != len(parts) or not all(_same_part(a, b) for a, b in zip(prev, parts, strict=True)):
            changed.add(stmt)
    return changed


def _same_part(a: int | isl.Aff, b: int | isl.Aff) -> bool:
    if isinstance(a, int) or isinstance(b, int):
        return a == b
    return a.plain_is_equal(b)


def _time_parts(nest: LoopNest):
    """Yield (statement, [beta0, aff0, beta1, aff1, ..., beta_d]) for every statement."""

    def visit(nodes: tuple[Node, ...], prefix: list):
        for k, n in enumerate(nodes):
            if isinstance(n, Leaf):
                yield n.stmt, prefix + [k]
            else:
                for stmt, parts in visit(n.children, []):
                    yield stmt, prefix + [k, n.exprs[stmt]] + parts

    yield from visit(nest.children, [])


def statement_signatures(nest: LoopNest) -> dict[str, tuple]:
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


# ---------------------------------------------------------------- actions


def apply_action(nest: LoopNest, action: Action, source: str = "<schedule>") -> LoopNest:
    """Apply one action (no legality check here; see legality.apply_schedule)."""
    new = _apply(nest, action, source)
    return replace(new, origin=None) if new.origin is not None else new


def affine_schedule(nest: LoopNest, fusion: int, action: Action | None = None, source: str = "<schedule>") -> LoopNest:
    """The loops of isl's affine scheduler for the whole scop (action A, polyrl.poly.affine)
    in place of the source order; only the original nest takes it."""
    from polyrl.poly.affine import SchedulerRefused, scheduled_children

    where = action.where(source) if action is not None else {"path": source}
    if nest.origin is None:
        raise PolyrlError(f"{action or 'A'}: the affine scheduler replaces every loop of the scop, so it must be "
                          "the schedule's first action", **where)
    try:
        children = scheduled_children(nest.origin, fusion, Loop, Leaf)
    except SchedulerRefused as e:
        raise PolyrlError(f"{action or 'A'}: {e.message}", **where) from None
    return replace(nest, children=children, origin=None)


def _apply(nest: LoopNest, action: Action, source: str) -> LoopNest:
    if action.kind == "A":
        if action.branch != 0:
            raise PolyrlError(f"{action}: the affine scheduler acts on the whole scop; write it B0:A(f)",
                              **action.where(source))
        return affine_schedule(nest, action.args[0], action, source)
    branches = nest.branches()
    if action.branch >= len(branches):
        raise PolyrlError(f"{action}: branch B{action.branch} does not exist (the program has {len(branches)})",
                          **action.where(source))
    path = branches[action.branch]
    depth = len(path)
    k, a = action.kind, action.args
    levels = {"I": a[:2], "R": a[:1], "S": a[:2], "T2": a[:2], "T3": a[:3], "P": a[:1], "U": (),
              "J": a[:1], "J2": a[:2], "K": a[:1], "KT": a[:1], "E": (), "V": ()}[k]
    loops = nest.loops_on(path)
    for lvl in levels:
        if lvl >= depth:
            raise PolyrlError(f"{action}: level {lvl} does not exist on branch B{action.branch} (depth {depth})",
                              **action.where(source))
        if loops[lvl].jam > 1:
            raise PolyrlError(f"{action}: level {lvl} of branch B{action.branch} is a jammed point loop",
                              **action.where(source))
    if k in ("I", "R", "S", "T2", "T3") and any(L.jam > 1 for L in loops):
        # codegen unrolls a jammed loop assuming the loops around it keep the shape they had
        # at the jam; a later skew (e.g.) gave them bounds that differ per copy, and wrong code
        raise PolyrlError(f"{action}: branch B{action.branch} is unrolled-and-jammed already; interchange, "
                          "reversal, skew and tiling must come before the jam", **action.where(source))
    inner = innermost_regular(loops)
    if k in ("J", "J2") and levels[-1] >= inner:
        raise PolyrlError(
            f"{action}: level {levels[-1]} is not outside the innermost loop (level {inner}) of branch B{action.branch}",
            **action.where(source),
        )
    if k in ("K", "KT"):
        return pack(nest, path, a[0], a[1], action, source, transposed=k == "KT")
    if k == "E":
        return expand_scalar(nest, a[0], action, source)
    if k == "V":
        return _map_loop(nest, path[: inner + 1], lambda L: replace(L, vector=True))
    if k == "I":
        return interchange(nest, path, a[0], a[1])
    if k == "R":
        return _map_loop(nest, path[: a[0] + 1], lambda L: replace(L, exprs={s: e.neg() for s, e in L.exprs.items()}))
    if k == "S":
        return skew(nest, path, a[0], a[1], a[2])
    if k == "T2":
        return tile(nest, path, a[0], a[2:4])
    if k == "T3":
        return tile(nest, path, a[0], a[3:6])
    if k == "P":
        return _map_loop(nest, path[: a[0] + 1], lambda L: replace(L, parallel=True))
    if k == "U":
        return _map_loop(nest, path[: inner + 1], lambda L: replace(L, unroll=a[0]))
    if k == "J":
        return unroll_and_jam(nest, path, a[0], a[1])[0]
    if k == "J2":
        # jam b first: its strip-mine leaves the levels above b, and so a, where they are
        nest, path = unroll_and_jam(nest, path, a[1], a[3])
        return unroll_and_jam(nest, path, a[0], a[2])[0]
    raise AssertionError(k)


def _map_loop(nest: LoopNest, path: tuple[int, ...], fn) -> LoopNest:
    return replace(nest, children=_splice(nest.children, path, lambda L: (fn(L),)))


def _splice(nodes: tuple[Node, ...], path: tuple[int, ...], fn) -> tuple[Node, ...]:
    """Replace the node at `path` by the nodes `fn(node)` returns."""
    k = path[0]
    node = nodes[k]
    if len(path) == 1:
        new = tuple(fn(node))
    else:
        assert isinstance(node, Loop)
        new = (replace(node, children=_splice(node.children, path[1:], fn)),)
    return nodes[:k] + new + nodes[k + 1 :]


def isolate(nest: LoopNest, path: tuple[int, ...], level: int) -> tuple[LoopNest, tuple[int, ...]]:
    """Distribute the loop at `level` of `path` so that it holds only its on-path child.

    The loop is split into up to three copies (children before, the on-path child,
    children after); returns the new nest and the path, whose index at `level` moves
    by one when a copy for the earlier children is created. Whether the distribution
    is legal is for the legality check to decide, like any other schedule change.
    """
    loop = nest.loops_on(path[: level + 1])[-1]
    c = path[level + 1]
    if len(loop.children) == 1:
        return nest, path
    before, mid, after = loop.children[:c], loop.children[c : c + 1], loop.children[c + 1 :]
    pieces = [loop.restricted(x) for x in (before, mid, after) if x]
    new = replace(nest, children=_splice(nest.children, path[: level + 1], lambda _: pieces))
    shift = 1 if before else 0
    new_path = path[:level] + (path[level] + shift, 0) + path[level + 2 :]
    return new, new_path


def swap_adjacent(nest: LoopNest, path: tuple[int, ...], level: int) -> tuple[LoopNest, tuple[int, ...]]:
    """Interchange the loops at `level` and `level + 1` of `path` (distributing if needed)."""
    nest, path = isolate(nest, path, level)
    outer, inner = nest.loops_on(path[: level + 2])[-2:]

    def swap(_: Loop) -> tuple[Node, ...]:
        new_inner = replace(outer, exprs={s: outer.exprs[s] for s in inner.exprs}, children=inner.children)
        return (replace(inner, children=(new_inner,)),)

    return replace(nest, children=_splice(nest.children, path[: level + 1], swap)), path


def interchange(nest: LoopNest, path: tuple[int, ...], a: int, b: int) -> LoopNest:
    """Exchange levels a < b: bubble b up to a, then a (now at a+1) down to b."""
    for lvl in range(b - 1, a - 1, -1):
        nest, path = swap_adjacent(nest, path, lvl)
    for lvl in range(a + 1, b):
        nest, path = swap_adjacent(nest, path, lvl)
    return nest


def skew(nest: LoopNest, path: tuple[int, ...], a: int, b: int, f: int) -> LoopNest:
    loops = nest.loops_on(path)
    outer = loops[a]

    def fn(inner: Loop) -> tuple[Node, ...]:
        exprs = {s: e.add(outer.exprs[s].scale_val(isl.Val.int_from_si(e.get_ctx(), f))) for s, e in inner.exprs.items()}
        return (replace(inner, exprs=exprs, skew=inner.skew + ((a, f),)),)

    return replace(nest, children=_splice(nest.children, path[: b + 1], fn))


def strip_mine(nest: LoopNest, path: tuple[int, ...], level: int, size: int) -> tuple[LoopNest, tuple[int, ...]]:
    """Split the loop at `level` into a tile loop floor(e/size) around the point loop e."""

    def fn(loop: Loop) -> tuple[Node, ...]:
        v = isl.Val.int_from_si(isl.DEFAULT_CONTEXT, size)
        tile_exprs = {s: e.scale_down_val(v).floor() for s, e in loop.exprs.items()}
        point = replace(loop, parallel=False)
        return (Loop(name=f"{loop.name}_t", exprs=tile_exprs, children=(point,), parallel=loop.parallel),)

    new = replace(nest, children=_splice(nest.children, path[: level + 1], fn))
    return new, path[: level + 1] + (0,) + path[level + 1 :]


def tile(nest: LoopNest, path: tuple[int, ...], first: int, sizes: tuple[int, ...]) -> LoopNest:
    """Tile len(sizes) adjacent levels starting at `first`: all tile loops outside all point loops."""
    n = len(sizes)
    for k, size in enumerate(sizes):
        # after k strip-mines the loop originally at first+k sits at first+2k
        nest, path = strip_mine(nest, path, first + 2 * k, size)
    # order now t0 p0 t1 p1 ...; bubble each tile loop up past the earlier point loops
    for k in range(1, n):
        pos = first + 2 * k
        for lvl in range(pos - 1, first + k - 1, -1):
            nest, path = swap_adjacent(nest, path, lvl)
    return nest


def innermost_regular(loops: list[Loop]) -> int:
    """Level of the innermost loop of a branch that is not a jammed point loop."""
    return max(k for k, L in enumerate(loops) if L.jam == 1)


def unroll_and_jam(nest: LoopNest, path: tuple[int, ...], level: int, factor: int
                   ) -> tuple[LoopNest, tuple[int, ...]]:
    """Strip-mine `level` by `factor` and sink its point loop just below the innermost
    regular loop of `path`, where it becomes a jammed loop (above any earlier ones).
    Returns the nest and the branch's path in it (sinking through an imperfect nest
    isolates the branch, which renumbers it).

    Codegen unrolls a jammed loop completely, so the `factor` copies of the innermost
    body run in one iteration of the innermost loop; the schedule says exactly that,
    so the usual legality check is the unroll-and-jam condition.
    """
    inner = innermost_regular(nest.loops_on(path))
    nest, path = strip_mine(nest, path, level, factor)
    # the point loop is at level + 1, the innermost regular loop at inner + 1
    for lvl in range(level + 1, inner + 1):
        nest, path = swap_adjacent(nest, path, lvl)
    return _map_loop(nest, path[: inner + 2], lambda L: replace(L, jam=factor, unroll=1)), path


def pack(nest: LoopNest, path: tuple[int, ...], level: int, k: int, action: Action, source: str,
         transposed: bool = False) -> LoopNest:
    """Mark array `k` of `nest.arrays` as packed (`transposed`: in a transposed buffer) at
    each iteration of `level`.

    Only the mark: which elements are copied, and whether that is legal, follows from
    the final nest (polyrl.poly.packing), so later actions may still move the loop.
    """
    if k >= len(nest.arrays):
        raise PolyrlError(f"{action}: array {k} does not exist (the arrays are {', '.join(nest.arrays) or 'none'}, "
                          "numbered from 0)", **action.where(source))
    loops = nest.loops_on(path)
    if level >= innermost_regular(loops):
        raise PolyrlError(f"{action}: level {level} is the innermost loop of branch B{action.branch}; "
                          "pack at a loop around it", **action.where(source))
    name = nest.arrays[k]
    if name in loops[level].pack:
        raise PolyrlError(f"{action}: {name} is already packed at level {level}", **action.where(source))
    return _map_loop(nest, path[: level + 1], lambda L: replace(
        L, pack=L.pack + (name,), transposed=L.transposed + ((name,) if transposed else ())))


def expand_scalar(nest: LoopNest, k: int, action: Action, source: str) -> LoopNest:
    """Mark scalar `k` of `nest.scalars` as expanded into an array (action E).

    Only the mark: the expanded program, and whether the expansion is legal, are
    polyrl.poly.expansion's; the loops do not change.
    """
    if k >= len(nest.scalars):
        raise PolyrlError(f"{action}: scalar {k} does not exist (the scalars the region writes are "
                          f"{', '.join(nest.scalars) or 'none'}, numbered from 0)", **action.where(source))
    name = nest.scalars[k]
    if name in nest.expanded:
        raise PolyrlError(f"{action}: {name} is already expanded", **action.where(source))
    return replace(nest, expanded=nest.expanded + (name,))
