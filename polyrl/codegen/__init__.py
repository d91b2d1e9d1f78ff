"""Code generation: a legal `LoopNest` -> isl AST -> `LoopTree` (typed data) -> C text.

isl builds the loops (bounds with min/max/floord for tiles and skews); this module
maps each AST loop back to the loop of the tree it enumerates to attach the parallel,
simd, unroll, jam, pack and vector settings, marks the statements that can run on
vectors (`polyrl.poly.vector`), and hands the tree (`polyrl.codegen.looptree`) to the
C++ emitter. Printing is the emitter's job.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

import islpy as isl

from polyrl.codegen.looptree import Block, Buffer, For, If, LoopTree, Node, Pack, Statement, Stmt
from polyrl.ir import ArrayRef, Binary, Expr, Scop, expr_to_plain, map_expr, walk
from polyrl.ir import Scalar as ScalarRef
from polyrl.poly.legality import Model, stride_problem, vector_type, vectorizable
from polyrl.poly.packing import pack_box
from polyrl.poly.transform import Leaf, Loop, LoopNest, changed_statements, to_union_map
from polyrl.poly.vector import expression_problem

# When to write `#pragma omp simd` on an innermost loop that carries no dependence.
# "auto": only where the schedule changed the loop's statements. Measured on gcc 12
# (PolyBench gemm, MEDIUM, 1 thread): the pragma on the untouched i-k-j nest made it
# about 2x slower than gcc's own vectorization of the same loop, so a loop polyrl did
# not transform keeps the compiler's choices.
# "auto" also skips loops that walk some array with a stride other than 0 or 1 element
# (gathers and scatters): gcc 12 -O3 -fopenmp was seen compiling such an `omp simd`
# loop (a 9-point stencil walked down its columns) for over five minutes.
SIMD_MODES = ("auto", "always", "never")

# UNROLL_BY_COMPILER: `U(f)` of an innermost loop that carries no dependence and walks
# every array by 0 or 1 element is printed as `#pragma GCC unroll f` on the loop, not
# as f copies of its body. gcc vectorizes such a loop as it is, then unrolls the vector
# loop; the copies instead make each array an interleaved group of f strided accesses,
# which gcc 12 vectorizes with permutations. Measured (PolyBench jacobi-1d, MEDIUM, -O3
# -march=native, AMD EPYC): 27 us as written, 98 us with the copies of U(4), 23 us with
# the pragma. Every other unrolling (carried dependences, strides, parallel loops) keeps
# the copies, which give the compiler independent work it could not see before.

_HELPER = re.compile(r"\b(min|max|floord|ceild)\(")


def _c(expr: isl.AstExpr) -> str:
    return _HELPER.sub(lambda m: f"polyrl_{m.group(1)}(", expr.to_C_str())


def iterator_prefix(scop: Scop) -> str:
    """A loop-iterator prefix that no name used by the region can collide with."""
    names = set(scop.arrays) | set(scop.params)
    for s in scop.statements:
        names |= set(s.iterators)
        names |= {n.name for n in walk(s.rhs) if isinstance(n, ScalarRef)}
    for prefix in ("c", "t", "polyrl_c"):
        if not any(re.fullmatch(prefix + r"\d+", n) for n in names):
            return prefix
    raise AssertionError("no free iterator prefix")


def loop_tree(model: Model, nest: LoopNest, simd: str = "auto") -> LoopTree:
    """The LoopTree (see polyrl.codegen.looptree) for `nest`; `simd` is one of SIMD_MODES."""
    if simd not in SIMD_MODES:
        raise ValueError(f"simd must be one of {SIMD_MODES}, not {simd!r}")
    changed = changed_statements(model.original, nest) if simd == "auto" else set()
    model = model.for_nest(nest)  # the program with its expanded scalars (action E)
    scop = model.scop
    schedule = to_union_map(scop, nest)
    ndim = 2 * nest.depth() + 1
    prefix = iterator_prefix(scop)
    build = isl.AstBuild.from_context(scop.context)
    # odd time dimensions are loops: name them by depth (c0, c1, ...); the even ones are
    # sequence positions, constant per statement, so isl never makes loops of them
    ids = isl.IdList.alloc(scop.context.get_ctx(), ndim)
    for k in range(ndim):
        name = f"{prefix}{k // 2}" if k % 2 else f"{prefix}_seq{k // 2}"
        ids = ids.add(isl.Id(name, context=scop.context.get_ctx()))
    build = build.set_iterators(ids)
    ast = _separated_ast(build, schedule, ndim)

    paths = _statement_paths(nest)
    # per innermost loop, what decides its `omp simd` and how its unrolling is printed
    @functools.cache
    def carries_nothing(path: tuple[int, ...]) -> bool:
        return vectorizable(model, nest, path, schedule)

    @functools.cache
    def unit_strides(path: tuple[int, ...]) -> bool:
        return stride_problem(model, nest, path) is None

    packs = _packs(model, nest, prefix)
    # the `for` nodes around the node being converted, outermost first
    stack: list[_OpenLoop] = []
    statements = {s.name: _statement(scop, s.lhs, s.op, s.rhs) for s in scop.statements}

    def loop_of(node: isl.AstNode, dim: int) -> tuple[tuple[int, ...], Loop]:
        stmt = _first_statement(node)
        level = (dim - 1) // 2
        path = paths[stmt][: level + 1]
        return path, nest.loops_on(path)[-1]

    def convert(node: isl.AstNode) -> Node:
        t = node.get_type()
        if t == isl.ast_node_type.block:
            children = node.block_get_children()
            return Block(tuple(convert(children.get_at(k)) for k in range(children.n_ast_node())))
        if t == isl.ast_node_type.for_:
            it = node.for_get_iterator().to_C_str()
            dim = 2 * int(it[len(prefix) :]) + 1
            path, loop = loop_of(node, dim)
            cond = node.for_get_cond()
            upper = None
            if cond.get_op_n_arg() == 2 and cond.get_op_arg(0).to_C_str() == it:
                op = cond.get_op_type()
                if op == isl.ast_expr_op_type.le:
                    upper = _c(cond.get_op_arg(1))
                elif op == isl.ast_expr_op_type.lt:
                    upper = f"{_c(cond.get_op_arg(1))} - 1"
            innermost = loop.jam == 1 and not any(isinstance(c, Loop) and c.jam == 1 for c in loop.children)
            wanted = simd == "always" or (simd == "auto" and not changed.isdisjoint(loop.exprs))
            # auto: strided loops (gathers, scatters) keep the compiler's choices
            simd_pragma = (wanted and innermost and loop.unroll == 1 and carries_nothing(path)
                           and (simd != "auto" or unit_strides(path)))
            # an unrolling the compiler does (see UNROLL_BY_COMPILER) or copies of the body
            copies = not (innermost and loop.unroll > 1 and not loop.parallel and carries_nothing(path)
                          and unit_strides(path))
            vector = None
            if loop.vector:  # legality accepted it: explicit vector code, `omp simd` where the emitter cannot
                vector = vector_type(scop, loop)
                simd_pragma = not loop.parallel
            open_loop = _OpenLoop(it, loop.parallel)
            stack.append(open_loop)
            defined = {f.iter for f in stack}
            placed: list[Pack] = []
            for p in packs.get(path, ()):
                # a loop isl did not print (one iteration) leaves no iterator to copy by
                if set(p.iterators) <= defined:
                    open_loop.packs.append(p)
                    placed.append(p.copy())
                    site = _buffer_site(stack).buffers
                    if p.name not in [b.name for b in site]:
                        site.append(p.buffer())
            body = convert(node.for_get_body())
            stack.pop()
            return For(iter=it, init=_c(node.for_get_init()), cond=_c(cond), body=body, upper=upper,
                       inc=_c(node.for_get_inc()), parallel=loop.parallel, simd=simd_pragma, unroll=loop.unroll,
                       unroll_copies=copies, jam=loop.jam, packs=tuple(placed), vector=vector,
                       buffers=tuple(open_loop.buffers))
        if t == isl.ast_node_type.if_:
            orelse = convert(node.if_get_else()) if node.if_has_else() else None
            return If(_c(node.if_get_cond()), convert(node.if_get_then()), orelse)
        if t == isl.ast_node_type.user:
            e = node.user_get_expr()
            name = e.get_op_arg(0).to_C_str()
            active = [p for f in stack for p in f.packs if name in p.readers]
            if active:
                name = _packed_statement(scop, statements, name, active)
            return Stmt(name, tuple(_c(e.get_op_arg(k)) for k in range(1, e.get_op_n_arg())))
        if t == isl.ast_node_type.mark:
            return convert(node.mark_get_node())
        raise AssertionError(f"unexpected isl AST node {t}")

    root = convert(ast)
    decls = tuple((scop.arrays[n].ctype, n) for n in scop.local_decls)
    buffers: tuple[Buffer, ...] = ()
    if model.expansions:
        buffers, writebacks = _expansions(model, statements)
        root = Block((root, *writebacks))
    return LoopTree(root, statements, decls, buffers, scop.indent)


def _statement(scop: Scop, lhs: Expr, op: str, rhs: Expr) -> Statement:
    return Statement(expr_to_plain(lhs), op, expr_to_plain(rhs), vector=expression_problem(scop, lhs, rhs) is None)


def _expansions(model: Model, statements: dict[str, Statement]) -> tuple[tuple[Buffer, ...], list[Node]]:
    """The arrays of the expanded scalars, allocated around the region, and the code that
    after it copies each scalar's final value from the last iteration that has one (its
    statements are added to `statements`)."""
    scop = model.scop
    buffers, writebacks = [], []
    for k, x in enumerate(model.expansions):
        extent = tuple(_pw_aff_c(e, (), scop.context) for e in x.extent())
        buffers.append(Buffer(x.array, scop.arrays[x.array].ctype, extent))
        name = f"polyrl_writeback{k}"
        statements[name] = _statement(scop, ScalarRef(x.scalar), "=", x.reference())
        last = x.last_iteration()
        args = tuple(_pw_aff_c(last.get_pw_aff(d), (), scop.context) for d in range(x.depth))
        guard = _c(isl.AstBuild.from_context(scop.context).expr_from_set(last.domain()))
        writebacks.append(If(guard, Stmt(name, args)))
    return tuple(buffers), writebacks


@dataclass(frozen=True)
class PackPlan:
    """One packed array of one loop, as C text: the copy made at each iteration (box
    bounds over the loop iterators), the buffer it needs, the statements that read it."""

    name: str  # the buffer: polyrl_pack<k>
    array: str
    ctype: str
    lower: tuple[str, ...]
    upper: tuple[str, ...]
    extent: tuple[str, ...]
    iterators: tuple[str, ...]  # the loop iterators the bounds may use
    readers: frozenset[str]
    transposed: bool = False  # the buffer's last two dimensions swapped (extent already is)

    def copy(self) -> Pack:
        return Pack(self.name, self.array, self.lower, self.upper, self.transposed)

    def buffer(self) -> Buffer:
        return Buffer(self.name, self.ctype, self.extent)


@dataclass
class _OpenLoop:
    """A `for` node while its body is converted: the packs whose copies it makes, and the
    buffers allocated at it (its own packs' or those of loops inside it)."""

    iter: str
    parallel: bool
    packs: list[PackPlan] = dataclasses.field(default_factory=list)
    buffers: list[Buffer] = dataclasses.field(default_factory=list)


def _packs(model: Model, nest: LoopNest, prefix: str) -> dict[tuple[int, ...], list[PackPlan]]:
    """The packs of every packing loop, by the loop's path."""
    scop = model.scop
    out: dict[tuple[int, ...], list[PackPlan]] = {}
    for path, loop in nest.walk():
        iterators = tuple(f"{prefix}{k}" for k in range(len(path)))
        for array in loop.pack:
            box = pack_box(nest, scop, path, array)
            if box is None:
                continue  # this piece of a distributed loop does not read it
            readers = frozenset(s for s in loop.exprs if _reads(scop.statement(s).rhs, array))
            extent = [_pw_aff_c(a, (), scop.context) for a in box.extent]
            transposed = array in loop.transposed
            if transposed:
                extent[-2:] = extent[-1], extent[-2]
            out.setdefault(path, []).append(PackPlan(
                name=f"polyrl_pack{sum(map(len, out.values()))}", array=array, ctype=scop.arrays[array].ctype,
                lower=tuple(_pw_aff_c(a, iterators, scop.context) for a in box.lower),
                upper=tuple(_pw_aff_c(a, iterators, scop.context) for a in box.upper),
                extent=tuple(extent), iterators=iterators, readers=readers, transposed=transposed,
            ))
    return out


def _reads(e, array: str) -> bool:
    return any(isinstance(n, ArrayRef) and n.name == array for n in walk(e))


def _pw_aff_c(pa: isl.PwAff, iterators: tuple[str, ...], context: isl.Set) -> str:
    """C text of a piecewise quasi-affine function of the loop values (named `iterators`)
    and the parameters: the values become parameters, so isl can print it anywhere."""
    for k, name in enumerate(iterators):
        pa = pa.set_dim_id(isl.dim_type.in_, k, isl.Id(name, context=pa.get_ctx()))
    pa = pa.move_dims(isl.dim_type.param, pa.dim(isl.dim_type.param), isl.dim_type.in_, 0, len(iterators))
    build = isl.AstBuild.from_context(pa.domain().intersect_params(context))
    return _c(build.expr_from_pw_aff(pa))


def _buffer_site(fors: list[_OpenLoop]) -> _OpenLoop:
    """Where a pack's buffer is allocated: in the innermost parallel loop around the copy
    (at each iteration, so each thread has its own), else once around the outermost loop."""
    for f in reversed(fors):
        if f.parallel:
            return f
    return fors[0]


def _packed_statement(scop: Scop, statements: dict[str, Statement], name: str, packs: list[PackPlan]) -> str:
    """The variant of statement `name` whose right-hand side reads the buffers of `packs`
    (subscripts relative to each box's origin), added to `statements` once. A buffer
    holds the elements of its array, so the variant runs on vectors where `name` does."""
    variant = f"{name}__{'_'.join(p.name for p in packs)}"
    if variant not in statements:
        by_array = {p.array: p for p in packs}

        def rewrite(e):
            p = by_array.get(e.name) if isinstance(e, ArrayRef) else None
            if p is None:
                return e
            relative = [Binary("-", i, ScalarRef(f"{p.name}_lo{d}")) for d, i in enumerate(e.indices)]
            if p.transposed:
                relative[-2:] = relative[-1], relative[-2]
            return ArrayRef(p.name, tuple(relative))

        rhs = map_expr(scop.statement(name).rhs, rewrite)
        statements[variant] = dataclasses.replace(statements[name], rhs=expr_to_plain(rhs))
    return variant


def _statement_paths(nest: LoopNest) -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}

    def visit(nodes, prefix):
        for k, n in enumerate(nodes):
            if isinstance(n, Leaf):
                out[n.stmt] = prefix
            else:
                visit(n.children, prefix + (k,))

    visit(nest.children, ())
    return out


def _first_statement(node: isl.AstNode) -> str:
    t = node.get_type()
    if t == isl.ast_node_type.user:
        return node.user_get_expr().get_op_arg(0).to_C_str()
    if t == isl.ast_node_type.for_:
        return _first_statement(node.for_get_body())
    if t == isl.ast_node_type.block:
        return _first_statement(node.block_get_children().get_at(0))
    if t == isl.ast_node_type.if_:
        return _first_statement(node.if_get_then())
    if t == isl.ast_node_type.mark:
        return _first_statement(node.mark_get_node())
    raise AssertionError(t)


# SEPARATE_GROWTH: isl's AST for a schedule is built with the innermost loop dimension
# separated (isl's `separate` option): where the statements of an innermost loop run over
# different ranges of it (the skewed time tiles of a stencil wavefront: each statement's
# first and last points of a row), isl writes the shared range as one loop without
# guards, and the rest as their own loops or statements, instead of one loop whose body
# tests each statement's range at every iteration. gcc vectorizes only the first. The
# separated AST is kept unless it has more than SEPARATE_GROWTH times the statement
# instances of the plain one. Measured (session 30, the Pluto forms of generated stencil
# programs under time loops, 2 threads): the guarded loops ran at 0.07x-0.11x of the
# original on three of them, the separated ones at 0.50x-0.62x.
SEPARATE_GROWTH = 4


def _users(node: isl.AstNode) -> list[str]:
    """The statement of each user node of the AST, in order (a statement may have several)."""
    t = node.get_type()
    if t == isl.ast_node_type.user:
        return [node.user_get_expr().get_op_arg(0).to_C_str()]
    if t == isl.ast_node_type.for_:
        return _users(node.for_get_body())
    if t == isl.ast_node_type.block:
        children = node.block_get_children()
        return [u for k in range(children.n_ast_node()) for u in _users(children.get_at(k))]
    if t == isl.ast_node_type.if_:
        return _users(node.if_get_then()) + (_users(node.if_get_else()) if node.if_has_else() else [])
    if t == isl.ast_node_type.mark:
        return _users(node.mark_get_node())
    return []


def _separated_ast(build: isl.AstBuild, schedule: isl.UnionMap, ndim: int) -> isl.AstNode:
    """isl's AST of `schedule` (time dimensions 0..ndim-1; the odd ones are loops) with
    its innermost loop dimension separated, or the plain AST where separation would grow
    it more than SEPARATE_GROWTH times (see there).

    The plain AST, as long to build as the separated one, is built only when the separated
    one has more than SEPARATE_GROWTH user nodes per statement: the plain one has at least
    one per statement, so below that the separated one is kept whatever the plain one is."""
    if ndim < 3:
        return build.node_from_schedule_map(schedule)
    dims = ", ".join(f"t{k}" for k in range(ndim))
    options = isl.UnionMap.read_from_str(build.get_ctx(), f"{{ [{dims}] -> separate[x] : x = {ndim - 2} }}")
    separated = build.set_options(options).node_from_schedule_map(schedule)
    users = _users(separated)
    if len(users) <= SEPARATE_GROWTH * len(set(users)):
        return separated
    plain = build.node_from_schedule_map(schedule)
    return separated if len(users) <= SEPARATE_GROWTH * len(_users(plain)) else plain


def region_text(model: Model, nest: LoopNest, simd: str = "auto") -> str:
    """The C text that replaces the Scop's region."""
    from polyrl.codegen.emit import emit_region

    return emit_region(loop_tree(model, nest, simd))
