"""Computation patterns: each draws one kernel (a loop nest with its statements) at random.

Owns what the generated loop nests compute: element-wise maps, broadcasts, reductions,
contractions, Jacobi- and Seidel-like stencils, transposed, skewed and triangular
accesses, imperfect nests (statements at several depths; off by default), triangular updates
in the column-walk order (off by default), in-place updates through a pivot row and column
(off by default), scalar temporaries accumulated per iteration of the outer loops (off by
default), and the choice
of arrays that links nests into producer/consumer chains.
Every random choice goes through the `random.Random` of the `Builder`, in a fixed
order, so a seed always gives the same program.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from polyrl.generate.structure import ITERATORS, ArrayDecl, Loop, Size, Stmt

# Constants the expressions use, as C text without the float suffix.
COEFFS = ("0.5", "0.25", "0.75", "0.125", "1.5", "0.3", "2.0", "0.9")
# An averaging factor no larger than 1/n for n terms, so repeated updates stay bounded.
AVERAGE = {1: "0.5", 2: "0.5", 3: "0.33", 4: "0.25", 5: "0.2", 6: "0.16", 7: "0.14", 8: "0.125"}
MAX_ACCESSES = 15  # per statement, the written reference included


# what a statement's term is divided by where Weights.ops asks for a division: no power of two, so that gcc keeps a
# real division (it turns x / 2.0 into x * 0.5)
DIVISORS = ("3.0", "1.5", "7.0", "2.5")


def average_factor(n: int) -> str:
    return AVERAGE.get(n, "0.0625")


@dataclass
class NestContext:
    """Where a kernel sits: the shared loops around it and what they mean for arrays.

    Under a batch loop every array gets the batch size as a leading dimension and every
    subscript the batch iterator in front; under a time loop arrays are unchanged and
    the kernel repeats, so its updates must stay bounded (averages, no products).
    """

    nest: int  # index of the top-level nest
    first_var: int = 0  # index into ITERATORS of the kernel's outermost loop
    batch: tuple[str, str] | None = None  # (iterator, size name)
    in_time: bool = False
    max_depth: int = 5


@dataclass
class Kernel:
    loops: list[Loop]  # usually one; a Jacobi step under a time loop adds its copy-back loop
    pattern: str


class Builder:
    """Random program state shared by the patterns: sizes, arrays, what each nest wrote."""

    def __init__(self, rng: random.Random, dtype: str, chain: float, n_space: int, time_steps: int = 12,
                 scalars: float = 0.0, blas_order: float = 0.0, ops: float = 0.0, read_order: float = 0.0,
                 edges: float = 0.0):
        self.rng = rng
        self.read_order = read_order  # probability a stencil's reads are written in a drawn order (see stencil)
        self.edges = edges  # probability a stencil also writes its output's last row (see stencil)
        self.ops = ops  # probability that a term is divided or passed through a square root (see op_wrap)
        self.blas_order = blas_order  # probability a gemm-like contraction takes BLAS's loop order (see contraction)
        self.scalars = scalars  # probability that a constant is read from a scalar variable (see lit)
        self.constants: dict[str, str] = {}  # scalar variable -> its value (C text), in order of first use
        self.time_steps = time_steps  # a time loop runs 2..time_steps times
        self.dtype = dtype
        self.chain = chain  # probability that a read reuses an array an earlier nest wrote
        self.n_space = n_space  # distinct space sizes this program may use
        self.sizes: dict[str, Size] = {}
        self.arrays: dict[str, ArrayDecl] = {}
        self.written_in: dict[str, int] = {}  # array -> first nest that wrote it
        self.chains = 0
        self.chain_pairs: set[tuple[int, str]] = set()  # (reading nest, array), counted once
        # A kernel meant to consume `prefer` (an earlier nest's output) takes its sizes
        # from `hint`, so that its arrays have that shape; see consume().
        self.prefer: str | None = None
        self.hint: list[str] = []

    def consume(self, name: str | None) -> None:
        self.prefer = name
        self.hint = [d[0] for d in self.arrays[name].dims] if name else []

    def rank(self, lo: int, hi: int) -> int:
        """A kernel rank in [lo, hi]: the hinted one when it fits."""
        if self.hint and lo <= len(self.hint) <= hi:
            return len(self.hint)
        return self.rng.randint(lo, hi)

    # ------------------------------------------------------------ sizes

    def space_size(self) -> str:
        if self.hint:
            return self.hint.pop(0)
        names = [s.name for s in self.sizes.values() if not s.time]
        if names and (len(names) >= self.n_space or self.rng.random() < 0.7):
            return self.rng.choice(names)
        name = f"N{len(names)}"
        self.sizes[name] = Size(name, False, self.rng.choice((0.5, 0.75, 1.0, 1.0, 1.25, 1.5, 2.0)))
        return name

    def time_size(self) -> str:
        if "T" not in self.sizes:
            self.sizes["T"] = Size("T", True, 1.0, self.rng.randint(2, self.time_steps))
        return "T"

    # ------------------------------------------------------------ arrays

    def _new_array(self, dims: tuple[tuple[str, ...], ...]) -> str:
        k = len(self.arrays)
        letters = "ABCDEFGHPQRUVWXYZ"
        name = letters[k % len(letters)] + (str(k // len(letters)) if k >= len(letters) else "")
        if not dims:
            name = f"s{k}"
        self.arrays[name] = ArrayDecl(name, dims)
        return name

    def read_array(self, dims: tuple[tuple[str, ...], ...], ctx: NestContext, avoid: tuple[str, ...] = ()) -> str:
        """An array of shape `dims` to read: an earlier nest's output (a chain), an
        existing input, or a new one."""
        dims = self.full_dims(dims, ctx)
        if self.prefer is not None and self.arrays[self.prefer].dims == dims and self.prefer not in avoid:
            name, self.prefer = self.prefer, None
            self._count_chain(ctx, name)
            return name
        same = [a.name for a in self.arrays.values() if a.dims == dims and a.name not in avoid]
        produced = [n for n in same if self.written_in.get(n, ctx.nest) < ctx.nest]
        if produced and self.rng.random() < self.chain:
            name = self.rng.choice(produced)
            self._count_chain(ctx, name)
            return name
        if same and self.rng.random() < 0.3:
            return self.rng.choice(same)
        return self._new_array(dims)

    def _count_chain(self, ctx: NestContext, name: str) -> None:
        if self.written_in.get(name, ctx.nest) < ctx.nest and (ctx.nest, name) not in self.chain_pairs:
            self.chain_pairs.add((ctx.nest, name))
            self.chains += 1

    def write_array(self, dims: tuple[tuple[str, ...], ...], ctx: NestContext, avoid: tuple[str, ...] = ()) -> str:
        """An array of shape `dims` to write: usually a new one, sometimes one written or read
        before (output and anti dependences between nests)."""
        full = self.full_dims(dims, ctx)
        same = [a.name for a in self.arrays.values() if a.dims == full and a.name not in avoid]
        name = self.rng.choice(same) if same and self.rng.random() < 0.2 else self._new_array(full)
        self.written_in.setdefault(name, ctx.nest)
        return name

    def mark_written(self, name: str, ctx: NestContext) -> None:
        self.written_in.setdefault(name, ctx.nest)

    @staticmethod
    def full_dims(dims: tuple[tuple[str, ...], ...], ctx: NestContext) -> tuple[tuple[str, ...], ...]:
        return ((ctx.batch[1],),) + dims if ctx.batch else dims

    @staticmethod
    def ref(name: str, idx: list[str], ctx: NestContext) -> str:
        idx = ([ctx.batch[0]] if ctx.batch else []) + idx
        return name + "".join(f"[{i}]" for i in idx)

    # ------------------------------------------------------------ expressions

    def lit(self, text: str) -> str:
        """A constant of the program's type: the literal, or with probability `scalars` a
        read-only scalar variable holding it (as BLAS code reads alpha and beta), one
        variable per value. Zero stays a literal. No draw when `scalars` is 0, so the
        programs of every seed stay what they were."""
        value = text + "f" if self.dtype == "float" else text
        if self.scalars <= 0 or float(text) == 0 or self.rng.random() >= self.scalars:
            return value
        for name, known in self.constants.items():
            if known == value:
                return name
        name = f"coef{len(self.constants)}"
        self.constants[name] = value
        return name

    def combine(self, refs: list[str], bounded: bool) -> str:
        """An expression reading every ref once; `bounded`: a weighted average (no products)."""
        if bounded:
            return self.op_wrap(f"{self.lit(average_factor(len(refs)))} * ({' + '.join(refs)})")
        terms: list[str] = []
        rest = list(refs)
        while rest:
            r = rest.pop(0)
            roll = self.rng.random()
            if rest and roll < 0.3:
                terms.append(f"{r} * {rest.pop(0)}")
            elif roll < 0.65:
                terms.append(f"{self.lit(self.rng.choice(COEFFS))} * {r}")
            else:
                terms.append(r)
            terms[-1] = self.op_wrap(terms[-1])
        out = terms[0]
        for t in terms[1:]:
            out += (" - " if self.rng.random() < 0.25 else " + ") + t
        return out

    def op_wrap(self, term: str) -> str:
        """With probability `ops`, `term` divided by a constant (DIVISORS, a literal or a read-only scalar as `lit`
        makes it) or under a square root of its absolute value, as PolyBench's statistics, solvers and filters
        divide and call sqrt (session 71: no generated program had either, so the cost models never saw those
        features). No draw when `ops` is 0, so the programs of every seed stay what they were."""
        if self.ops <= 0 or self.rng.random() >= self.ops:
            return term
        if self.rng.random() < 0.6:
            return f"{term} / {self.lit(self.rng.choice(DIVISORS))}"
        f = "f" if self.dtype == "float" else ""
        return f"sqrt{f}(fabs{f}({term}))"

    def n_reads(self, lo: int, hi: int) -> int:
        """A read count in [lo, hi], small counts more likely."""
        hi = min(hi, MAX_ACCESSES - 2)
        n = lo + int(self.rng.expovariate(1 / 2.5))
        return max(lo, min(n, hi))


def _loops(spec: list[tuple[str, str, str, str, int, bool]], body: list[Loop | Stmt]) -> Loop:
    """Nest the loops of `spec` (outermost first) around `body`."""
    inner: list[Loop | Stmt] = body
    for var, lo, hi, size, trim, tri in reversed(spec):
        inner = [Loop(var, lo, hi, inner, size, trim, tri)]
    loop = inner[0]
    assert isinstance(loop, Loop)
    return loop


def _names(refs: list[str]) -> tuple[str, ...]:
    return tuple(r.split("[")[0] for r in refs)


def _vars(ctx: NestContext, n: int) -> list[str]:
    return [ITERATORS[ctx.first_var + k] for k in range(n)]


def _space(b: Builder, ctx: NestContext, fewest: int, most: int) -> tuple[int, list[str], list[str]]:
    """A nest's rank (fewest..most loops, as deep as the context allows), its iterators and
    their sizes, drawn in this order."""
    rank = b.rank(fewest, min(most, ctx.max_depth))
    return rank, _vars(ctx, rank), [b.space_size() for _ in range(rank)]


def _rect(var: str, size: str) -> tuple[str, str, str, str, int, bool]:
    return (var, "0", size, size, 0, False)


def _stmt(b: Builder, lhs_name: str, lhs: str, rhs: str, reads: list[str], accumulate: bool) -> Stmt:
    reads_names = tuple(dict.fromkeys(r.split("[")[0] for r in reads))
    if accumulate:
        rhs = f"{lhs} + {rhs}"
        reads_names = tuple(dict.fromkeys((lhs_name, *reads_names)))
    return Stmt(lhs, rhs, lhs_name, reads_names, 1 + len(reads) + (1 if accumulate else 0))


# ---------------------------------------------------------------- patterns


def elementwise(b: Builder, ctx: NestContext) -> Kernel:
    rank, v, sizes = _space(b, ctx, 1, 4)
    dims = tuple((s,) for s in sizes)
    bounded = ctx.in_time
    body: list[Loop | Stmt] = []
    outs: list[str] = []
    for _ in range(1 if b.rng.random() < 0.75 else 2):
        reads: list[str] = []
        for _ in range(b.n_reads(1, 14)):
            reads.append(b.read_array(dims, ctx, avoid=tuple(reads)))
        reads += outs[:1]  # a second statement consumes the first one's result
        accumulate = b.rng.random() < 0.3
        out = b.write_array(dims, ctx, avoid=tuple(reads) if not accumulate else ())
        refs = [b.ref(r, v, ctx) for r in reads]
        lhs = b.ref(out, v, ctx)
        body.append(_stmt(b, out, lhs, b.combine(refs, bounded), refs, accumulate and not bounded))
        outs.append(out)
    return Kernel([_loops([_rect(x, s) for x, s in zip(v, sizes, strict=True)], body)], "elementwise")


def broadcast(b: Builder, ctx: NestContext) -> Kernel:
    rank, v, sizes = _space(b, ctx, 2, 4)
    refs: list[str] = []
    for _ in range(b.n_reads(2, 8)):
        # a proper subset of the dimensions, order kept: u[i], v[j], M[i][k], ...
        keep = sorted(b.rng.sample(range(rank), b.rng.randint(1, rank - 1)))
        name = b.read_array(tuple((sizes[k],) for k in keep), ctx, avoid=_names(refs))
        refs.append(b.ref(name, [v[k] for k in keep], ctx))
    if b.rng.random() < 0.5:
        full = tuple((s,) for s in sizes)
        refs.append(b.ref(b.read_array(full, ctx), v, ctx))
    out = b.write_array(tuple((s,) for s in sizes), ctx, avoid=tuple(r.split("[")[0] for r in refs))
    lhs = b.ref(out, v, ctx)
    stmt = _stmt(b, out, lhs, b.combine(refs, ctx.in_time), refs, False)
    return Kernel([_loops([_rect(x, s) for x, s in zip(v, sizes, strict=True)], [stmt])], "broadcast")


def reduction(b: Builder, ctx: NestContext) -> Kernel:
    rank, v, sizes = _space(b, ctx, 1, 4)
    # output keeps a proper subset of the dimensions (none: a scalar sum)
    keep = sorted(b.rng.sample(range(rank), b.rng.randint(0, rank - 1)))
    refs: list[str] = []
    for _ in range(b.n_reads(1, 5)):
        if rank > 1 and b.rng.random() < 0.3:  # a vector along one reduced dimension, as in y = A x
            k = b.rng.choice([d for d in range(rank) if d not in keep])
            refs.append(b.ref(b.read_array(((sizes[k],),), ctx, avoid=_names(refs)), [v[k]], ctx))
        else:
            refs.append(b.ref(b.read_array(tuple((s,) for s in sizes), ctx, avoid=_names(refs)), v, ctx))
    out_dims = tuple((sizes[k],) for k in keep)
    if not keep and ctx.batch is None:
        out = b.write_array((), ctx)
        lhs = out
    else:
        out = b.write_array(out_dims, ctx, avoid=tuple(r.split("[")[0] for r in refs))
        lhs = b.ref(out, [v[k] for k in keep], ctx)
    if b.rng.random() < 0.25:  # a max-reduction, written with ?:
        val = refs[0] if len(refs) == 1 else b.combine(refs, True)
        stmt = Stmt(lhs, f"({lhs} > {val}) ? {lhs} : ({val})", out,
                    tuple(dict.fromkeys([out] + [r.split("[")[0] for r in refs])), 3 + 2 * len(refs))
        if stmt.accesses > MAX_ACCESSES:
            stmt = _stmt(b, out, lhs, b.combine(refs, False), refs, True)
    else:
        stmt = _stmt(b, out, lhs, b.combine(refs, False), refs, True)
    order = list(range(rank))
    if b.rng.random() < 0.4:
        b.rng.shuffle(order)
    spec = [_rect(v[k], sizes[k]) for k in order]
    return Kernel([_loops(spec, [stmt])], "reduction")


def contraction(b: Builder, ctx: NestContext) -> Kernel:
    depth = b.rng.randint(3, max(3, min(5, ctx.max_depth)))
    n_red = 1 if depth == 3 or b.rng.random() < 0.6 else 2
    n_out = depth - n_red
    v = _vars(ctx, depth)
    sizes = [b.space_size() for _ in range(depth)]
    out_ix, red_ix = list(range(n_out)), list(range(n_out, depth))
    # A gets a non-empty part of the output indices, B the rest (at least one when possible)
    split = b.rng.randint(1, max(1, n_out - 1))
    shuffled = out_ix[:]
    b.rng.shuffle(shuffled)
    a_ix = sorted(shuffled[:split]) + red_ix
    b_ix = red_ix + sorted(shuffled[split:])
    if b.rng.random() < 0.5:
        b.rng.shuffle(a_ix)
    if b.rng.random() < 0.5:
        b.rng.shuffle(b_ix)
    a = b.read_array(tuple((sizes[k],) for k in a_ix), ctx)
    bb = b.read_array(tuple((sizes[k],) for k in b_ix), ctx)
    out = b.write_array(tuple((sizes[k],) for k in out_ix), ctx, avoid=(a, bb))
    ra, rb = b.ref(a, [v[k] for k in a_ix], ctx), b.ref(bb, [v[k] for k in b_ix], ctx)
    lhs = b.ref(out, [v[k] for k in out_ix], ctx)
    prod = f"{ra} * {rb}" if b.rng.random() < 0.6 else f"{b.lit(b.rng.choice(COEFFS))} * {ra} * {rb}"
    stmt = Stmt(lhs, f"{lhs} + {prod}", out, (out, a, bb), 4)
    order = list(range(depth))
    init: Stmt | None = None
    if b.rng.random() < 0.35:
        # gemm-like: scale the output at the level above the reduction loops
        init = Stmt(lhs, f"{b.lit(b.rng.choice(('0.5', '0.9', '0.0')))} * {lhs}", out, (out,), 2)
    elif b.rng.random() < 0.4:
        b.rng.shuffle(order)
    spec = [_rect(v[k], sizes[k]) for k in order]
    if init is None:
        return Kernel([_loops(spec, [stmt])], "contraction")
    if b.blas_order > 0 and b.rng.random() < b.blas_order:
        # the loop order of reference BLAS (and PolyBench's gemm): the last output loop
        # innermost, below the reduction loops, so that C and B walk rows; the scaling has
        # its own copy of that loop, beside the reduction
        last = spec[n_out - 1]
        body: list[Loop | Stmt] = [_loops([last], [init]), _loops(spec[n_out:] + [last], [stmt])]
        return Kernel([_loops(spec[:n_out - 1], body)], "contraction")
    inner = _loops(spec[n_out:], [stmt])
    return Kernel([_loops(spec[:n_out], [init, inner])], "contraction")


def _stencil_offsets(b: Builder, rank: int) -> tuple[int, list[tuple[int, ...]]]:
    """Radius and offsets (center first): a star, a box (2-D), or a one-sided wavefront."""
    radius = 2 if rank == 1 and b.rng.random() < 0.3 else 1
    shape = b.rng.random()
    if rank == 2 and shape < 0.25:
        offs = [(di, dj) for di in (-1, 0, 1) for dj in (-1, 0, 1)]
    elif rank >= 2 and shape < 0.45:
        offs = [(0,) * rank]  # upwind / wavefront: A[i-1][j+1]-like
        for _ in range(b.rng.randint(2, 4)):
            o = tuple(b.rng.choice((-1, 0, 1)) for _ in range(rank))
            if o not in offs:
                offs.append(o)
    else:
        offs = [(0,) * rank]
        for d in range(rank):
            for r in range(1, radius + 1):
                for sgn in (-1, 1):
                    offs.append(tuple(sgn * r if k == d else 0 for k in range(rank)))
    offs.sort(key=lambda o: (o != (0,) * rank,))
    return radius, offs[: MAX_ACCESSES - 2]


def _shift(var: str, off: int) -> str:
    return var if off == 0 else f"{var} + {off}" if off > 0 else f"{var} - {-off}"


def stencil(b: Builder, ctx: NestContext, in_place: bool) -> Kernel:
    rank, v, sizes = _space(b, ctx, 1, 3)
    dims = tuple((s,) for s in sizes)
    radius, offs = _stencil_offsets(b, rank)
    if b.read_order > 0 and b.rng.random() < b.read_order:
        b.rng.shuffle(offs)
    src = b.read_array(dims, ctx)
    refs = [b.ref(src, [_shift(v[k], o[k]) for k in range(rank)], ctx) for o in offs]
    extra = []
    if not in_place and b.rng.random() < 0.3:  # a coefficient field, as in variable-coefficient stencils
        coef = b.read_array(dims, ctx, avoid=(src,))
        extra.append(b.ref(coef, v, ctx))
    if in_place:
        out = src
        b.mark_written(out, ctx)
    else:
        out = b.write_array(dims, ctx, avoid=(src,))
    lhs = b.ref(out, v, ctx)
    rhs = b.combine(refs, True)
    if extra:
        rhs = f"{rhs} + {b.lit('0.1')} * {extra[0]}"
        rhs = f"{b.lit('0.9')} * ({rhs})"
    reads = tuple(dict.fromkeys([src] + [e.split("[")[0] for e in extra]))
    stmt = Stmt(lhs, rhs, out, reads, 1 + len(refs) + len(extra))
    spec = [(v[k], str(radius), f"{sizes[k]} - {radius}", sizes[k], 2 * radius, False) for k in range(rank)]
    loops = [_loops(spec, [stmt])]
    if rank >= 2 and b.edges > 0 and b.rng.random() < b.edges:
        loops.append(_edge(b, ctx, out, v, sizes))
    if ctx.in_time and not in_place:
        # the next time step reads what this one wrote: copy the interior back
        back = Stmt(b.ref(src, v, ctx), lhs, src, (out,), 2)
        b.mark_written(src, ctx)
        loops.append(_loops(spec, [back]))
    return Kernel(loops, "stencil-seidel" if in_place else "stencil-jacobi")


def _edge(b: Builder, ctx: NestContext, out: str, v: list[str], sizes: list[str]) -> Loop:
    """The last row of a stencil's output (which the interior leaves alone) set over the other dimensions: to a
    constant, or copied from the row before it, as boundary conditions are (PolyBench's adi writes `v[N-1][i]`,
    correlation `corr[M-1][M-1]`). Its first subscript holds a size: no other pattern writes one."""
    last = [f"{sizes[0]} - 1"] + v[1:]
    lhs = b.ref(out, last, ctx)
    if b.rng.random() < 0.5:
        stmt = Stmt(lhs, b.lit(b.rng.choice(("0.0", "1.0"))), out, (), 1)
    else:
        stmt = Stmt(lhs, b.ref(out, [f"{sizes[0]} - 2"] + v[1:], ctx), out, (out,), 2)
    return _loops([_rect(v[k], sizes[k]) for k in range(1, len(v))], [stmt])


def transpose(b: Builder, ctx: NestContext) -> Kernel:
    rank, v, sizes = _space(b, ctx, 2, 3)
    refs: list[str] = []
    for _ in range(b.n_reads(1, 4)):
        perm = list(range(rank))
        while perm == sorted(perm):
            b.rng.shuffle(perm)
        name = b.read_array(tuple((sizes[k],) for k in perm), ctx, avoid=_names(refs))
        refs.append(b.ref(name, [v[k] for k in perm], ctx))
    if b.rng.random() < 0.4:
        refs.append(b.ref(b.read_array(tuple((s,) for s in sizes), ctx), v, ctx))
    out = b.write_array(tuple((s,) for s in sizes), ctx, avoid=tuple(r.split("[")[0] for r in refs))
    stmt = _stmt(b, out, b.ref(out, v, ctx), b.combine(refs, ctx.in_time), refs, False)
    return Kernel([_loops([_rect(x, s) for x, s in zip(v, sizes, strict=True)], [stmt])], "transpose")


def skewed(b: Builder, ctx: NestContext) -> Kernel:
    v = _vars(ctx, 2)
    n0, n1 = b.space_size(), b.space_size()
    i, j = v
    kind = b.rng.randrange(3)
    spec = [_rect(i, n0), _rect(j, n1)]
    if kind == 0:  # B[i][j] = f(A[i][i + j], ...): a sheared read
        a = b.read_array(((n0,), (n0, n1)), ctx)
        refs = [b.ref(a, [i, f"{i} + {j}"], ctx)]
        if b.rng.random() < 0.5:
            refs.append(b.ref(b.read_array(((n0, n1), (n1,)), ctx), [f"{i} + {j}", j], ctx))
        out = b.write_array(((n0,), (n1,)), ctx, avoid=tuple(r.split("[")[0] for r in refs))
        stmt = _stmt(b, out, b.ref(out, [i, j], ctx), b.combine(refs, ctx.in_time), refs, False)
    elif kind == 1:  # 1-D convolution y[i + j] += x[i] * w[j]
        x = b.read_array(((n0,),), ctx)
        w = b.read_array(((n1,),), ctx)
        y = b.write_array(((n0, n1),), ctx, avoid=(x, w))
        lhs = b.ref(y, [f"{i} + {j}"], ctx)
        stmt = Stmt(lhs, f"{lhs} + {b.ref(x, [i], ctx)} * {b.ref(w, [j], ctx)}", y, (y, x, w), 4)
    else:  # diagonal: D[i][j] = f(A[i][i], A[j][j], M[i][j]) on a square
        spec = [_rect(i, n0), _rect(j, n0)]
        a = b.read_array(((n0,), (n0,)), ctx)
        refs = [b.ref(a, [i, i], ctx), b.ref(a, [j, j], ctx), b.ref(a, [i, j], ctx)]
        out = b.write_array(((n0,), (n0,)), ctx, avoid=(a,))
        stmt = _stmt(b, out, b.ref(out, [i, j], ctx), b.combine(refs, ctx.in_time), refs, False)
    return Kernel([_loops(spec, [stmt])], "skewed")


def triangular(b: Builder, ctx: NestContext) -> Kernel:
    n = b.space_size()
    kind = b.rng.randrange(4) if ctx.max_depth >= 3 else b.rng.randrange(3)
    i, j = _vars(ctx, 2)
    lower = (j, "0", f"{i} + 1", n, 0, True)  # j <= i
    upper = (j, i, n, n, 0, True)  # j >= i
    if kind == 0:  # triangular matrix-vector product
        ll, x = b.read_array(((n,), (n,)), ctx), b.read_array(((n,),), ctx)
        y = b.write_array(((n,),), ctx, avoid=(ll, x))
        lhs = b.ref(y, [i], ctx)
        stmt = Stmt(lhs, f"{lhs} + {b.ref(ll, [i, j], ctx)} * {b.ref(x, [j], ctx)}", y, (y, ll, x), 4)
        spec = [_rect(i, n), lower if b.rng.random() < 0.5 else upper]
    elif kind == 1:  # symmetric update of one triangle: A[i][j] += B[i][j] * B[j][i]
        bm = b.read_array(((n,), (n,)), ctx)
        a = b.write_array(((n,), (n,)), ctx, avoid=(bm,))
        lhs = b.ref(a, [i, j], ctx)
        refs = [b.ref(bm, [i, j], ctx), b.ref(bm, [j, i], ctx)]
        stmt = _stmt(b, a, lhs, b.combine(refs, ctx.in_time), refs, not ctx.in_time)
        spec = [_rect(i, n), lower if b.rng.random() < 0.5 else upper]
    elif kind == 2:  # forward substitution in place: x[i] -= c * L[i][j] * x[j], j < i
        ll = b.read_array(((n,), (n,)), ctx)
        x = b.read_array(((n,),), ctx, avoid=(ll,))
        b.mark_written(x, ctx)
        lhs = b.ref(x, [i], ctx)
        # the small factor keeps the recurrence from growing with the size
        stmt = Stmt(lhs, f"{lhs} - {b.lit('0.0001')} * {b.ref(ll, [i, j], ctx)} * {b.ref(x, [j], ctx)}",
                    x, (x, ll), 4)
        spec = [_rect(i, n), (j, "0", i, n, 0, True)]
    else:  # syrk-like: C[i][j] += A[i][k] * A[j][k] for j <= i
        k = ITERATORS[ctx.first_var + 2]
        m = b.space_size()
        a = b.read_array(((n,), (m,)), ctx)
        c = b.write_array(((n,), (n,)), ctx, avoid=(a,))
        lhs = b.ref(c, [i, j], ctx)
        stmt = Stmt(lhs, f"{lhs} + {b.ref(a, [i, k], ctx)} * {b.ref(a, [j, k], ctx)}", c, (c, a), 4)
        spec = [_rect(i, n), lower, _rect(k, m)]
    return Kernel([_loops(spec, [stmt])], "triangular")


def imperfect(b: Builder, ctx: NestContext) -> Kernel:
    """Statements at several depths of one nest, as PolyBench's solvers and statistics
    have them (trisolv, lu, correlation's means): a value set before an inner loop,
    updated in it and finished after it. Perfect nests of one statement, which every
    other pattern writes, leave out the dependences between those statements."""
    n = b.space_size()
    kind = b.rng.randrange(3) if ctx.max_depth >= 3 and not ctx.in_time else b.rng.randrange(2)
    i, j = _vars(ctx, 2)
    small = b.lit("0.0001")  # keeps the recurrences from growing with the size
    if kind == 0:  # triangular solve: x[i] = b[i]; x[i] -= c L[i][j] x[j], j < i; x[i] *= L[i][i]
        ll = b.read_array(((n,), (n,)), ctx)
        rhs = b.read_array(((n,),), ctx, avoid=(ll,))
        x = b.write_array(((n,),), ctx, avoid=(ll, rhs))
        xi, lij, lii = b.ref(x, [i], ctx), b.ref(ll, [i, j], ctx), b.ref(ll, [i, i], ctx)
        first = Stmt(xi, b.ref(rhs, [i], ctx), x, (rhs,), 2)
        update = Stmt(xi, f"{xi} - {small} * {lij} * {b.ref(x, [j], ctx)}", x, (x, ll), 4)
        last = Stmt(xi, f"{xi} * {lii}", x, (x, ll), 3)
        inner = _loops([(j, "0", i, n, 0, True)], [update])
        return Kernel([_loops([_rect(i, n)], [first, inner, last])], "imperfect")
    if kind == 1:  # column statistics: s[j] = 0; s[j] += D[i][j] over i; s[j] *= c (a column walk)
        m = b.space_size()
        d = b.read_array(((m,), (n,)), ctx)
        s = b.write_array(((n,),), ctx, avoid=(d,))
        sj = b.ref(s, [i], ctx)
        first = Stmt(sj, b.lit("0.0"), s, (), 1)
        update = Stmt(sj, f"{sj} + {b.ref(d, [j, i], ctx)}", s, (s, d), 3)
        last = Stmt(sj, f"{sj} * {b.lit(b.rng.choice(('0.5', '0.25', '0.125')))}", s, (s,), 2)
        inner = _loops([_rect(j, m)], [update])
        return Kernel([_loops([_rect(i, n)], [first, inner, last])], "imperfect")
    # LU in place: below the diagonal A[i][j] -= c A[i][k] A[k][j] (k < j), then A[i][j] *= A[j][j];
    # on and above it A[i][j] -= c A[i][k] A[k][j] (k < i)
    k = ITERATORS[ctx.first_var + 2]
    a = b.read_array(((n,), (n,)), ctx)
    b.mark_written(a, ctx)
    aij, ajj = b.ref(a, [i, j], ctx), b.ref(a, [j, j], ctx)
    term = f"{small} * {b.ref(a, [i, k], ctx)} * {b.ref(a, [k, j], ctx)}"
    below = _loops([(j, "0", i, n, 0, True)],
                   [_loops([(k, "0", j, n, 0, True)], [Stmt(aij, f"{aij} - {term}", a, (a,), 4)]),
                    Stmt(aij, f"{aij} * {ajj}", a, (a,), 3)])
    above = _loops([(j, i, n, n, 0, True), (k, "0", i, n, 0, True)], [Stmt(aij, f"{aij} - {term}", a, (a,), 4)])
    return Kernel([_loops([_rect(i, n)], [below, above])], "imperfect")


def triangular_update(b: Builder, ctx: NestContext) -> Kernel:
    """A rank-k or rank-2k update of one triangle of C (C[i][j] += A[j][k] * B[i][k], and
    + B[j][k] * A[i][k] for rank 2k, j on one side of i), with the loops in the order
    reference BLAS code writes them: i, then the reduction k, then j innermost, so that
    A[j][k] walks a column; the row of C is often scaled first, a statement beside the k
    loop. The triangular pattern's update runs k innermost (unit stride); this one is the
    cache-bound order, whose schedules gain or lose most at large sizes. Off by default."""
    n, m = b.space_size(), b.space_size()
    i, j = _vars(ctx, 2)
    k = ITERATORS[ctx.first_var + 2]
    two = b.rng.random() < 0.5
    a = b.read_array(((n,), (m,)), ctx)
    other = b.read_array(((n,), (m,)), ctx, avoid=(a,)) if two else a
    c = b.write_array(((n,), (n,)), ctx, avoid=(a, other))
    side = (j, "0", f"{i} + 1", n, 0, True) if b.rng.random() < 0.5 else (j, i, n, n, 0, True)
    cij = b.ref(c, [i, j], ctx)
    # under a time loop the update repeats: a small factor keeps C from growing with it
    factor = b.lit("0.0001") if ctx.in_time else b.lit(b.rng.choice(COEFFS))
    term = f"{b.ref(a, [j, k], ctx)} * {b.ref(other, [i, k], ctx)}"
    if two:
        term += f" + {b.ref(other, [j, k], ctx)} * {b.ref(a, [i, k], ctx)}"
    update = Stmt(cij, f"{cij} + {factor} * ({term})", c, tuple(dict.fromkeys((c, a, other))), 6 if two else 4)
    if b.rng.random() < 0.25:  # the reduction outermost: k, i, j
        return Kernel([_loops([_rect(k, m), _rect(i, n), side], [update])], "triangular-update")
    body: list[Loop | Stmt] = [_loops([_rect(k, m), side], [update])]
    if b.rng.random() < 0.6:  # the row scaled first: C[i][j] *= beta over the triangle
        scale = Stmt(cij, f"{cij} * {b.lit(b.rng.choice(('0.5', '0.9', '1.5')))}", c, (c,), 2)
        body.insert(0, _loops([side], [scale]))
    return Kernel([_loops([_rect(i, n)], body)], "triangular-update")


def pivot_update(b: Builder, ctx: NestContext) -> Kernel:
    """In-place updates of a square matrix through its own pivot row and column, the
    pivot loop k outermost: a min-plus relaxation (shortest paths through node k:
    D[i][j] = D[i][j] < D[i][k] + D[k][j] ? D[i][j] : D[i][k] + D[k][j], the second term
    sometimes weighted) or an elimination-like update over the whole square (A[i][j] -=
    c * A[i][k] * A[k][j]). The j loop reads D[i][k], one element of the row it writes,
    in every iteration: isl finds a dependence it carries at j = k, while the compiler can
    still vectorize it by checking the overlap at run time. No other pattern writes a
    loop like that. Off by default (session 53)."""
    n = b.space_size()
    i, j = _vars(ctx, 2)
    k = ITERATORS[ctx.first_var + 2]
    d = b.read_array(((n,), (n,)), ctx)
    b.mark_written(d, ctx)
    dij, dik, dkj = b.ref(d, [i, j], ctx), b.ref(d, [i, k], ctx), b.ref(d, [k, j], ctx)
    if ctx.in_time or b.rng.random() < 0.7:  # a relaxation: idempotent, bounded however often it runs
        via = f"{dik} + {dkj}" if b.rng.random() < 0.6 else f"{dik} + {b.lit(b.rng.choice(('0.5', '0.75', '1.5')))} * {dkj}"
        stmt = Stmt(dij, f"{dij} < {via} ? {dij} : {via}", d, (d,), 6)
    else:  # the small factor keeps the n updates of each element from growing
        stmt = Stmt(dij, f"{dij} - {b.lit('0.0001')} * {dik} * {dkj}", d, (d,), 4)
    return Kernel([_loops([_rect(k, n), _rect(i, n), _rect(j, n)], [stmt])], "pivot-update")


def scalar_temp(b: Builder, ctx: NestContext) -> Kernel:
    """A scalar temporary, one value per iteration of the outer loops: set to zero before an
    inner loop, accumulated in it and used after it, as code written against a scalar
    accumulator is (a dot product kept in a register, reference BLAS's temporaries):
    - a product through the temporary: t = 0; t += A[i][k] * B[k][j] over k; then
      C[i][j] = c1 * C[i][j] + c2 * t;
    - a symmetric product from one triangle: for k < i (or k > i) the inner loop updates
      C[k][j] and accumulates t from the column of B, then C[i][j] takes t and the diagonal
      term (the order reference BLAS's routine for a symmetric left factor loops in);
    - a row scale: t accumulates a row (or its squares), then a second inner loop writes the
      row scaled by t.
    The temporary makes every iteration of the outer loops depend on the one before it (one
    memory cell, rewritten each time): no outer loop can run in parallel or be tiled until
    the scalar is expanded into an array (the action E). No other pattern writes a scalar
    that way. Off by default (session 55)."""
    i, j = _vars(ctx, 2)
    kind = b.rng.randrange(3) if ctx.max_depth >= 3 else 2
    t = b._new_array(())
    b.mark_written(t, ctx)
    zero = Stmt(t, b.lit("0.0"), t, (), 1)
    # under a time loop the updates repeat: small factors keep the values bounded
    c1 = b.lit("0.5") if ctx.in_time else b.lit(b.rng.choice(("0.5", "0.9", "1.5", "2.0")))
    c2 = b.lit("0.0001") if ctx.in_time else b.lit(b.rng.choice(COEFFS))
    if kind == 2:
        n, m = b.space_size(), b.space_size()
        a = b.read_array(((n,), (m,)), ctx)
        out = b.write_array(((n,), (m,)), ctx, avoid=(a,))
        aij = b.ref(a, [i, j], ctx)
        term = f"{aij} * {aij}" if b.rng.random() < 0.5 else aij
        acc = Stmt(t, f"{t} + {term}", t, (t, a), 3)
        outij = b.ref(out, [i, j], ctx)
        use = Stmt(outij, f"{c2} * {aij} * {t}", out, (a, t), 3)
        return Kernel([_loops([_rect(i, n)], [zero, _loops([_rect(j, m)], [acc]), _loops([_rect(j, m)], [use])])],
                      "scalar-temp")
    k = ITERATORS[ctx.first_var + 2]
    if kind == 0:
        n, m, p = b.space_size(), b.space_size(), b.space_size()
        a = b.read_array(((n,), (p,)), ctx)
        bb = b.read_array(((p,), (m,)), ctx, avoid=(a,))
        c = b.write_array(((n,), (m,)), ctx, avoid=(a, bb))
        acc = Stmt(t, f"{t} + {b.ref(a, [i, k], ctx)} * {b.ref(bb, [k, j], ctx)}", t, (t, a, bb), 4)
        cij = b.ref(c, [i, j], ctx)
        last = Stmt(cij, f"{c1} * {cij} + {c2} * {t}", c, (c, t), 3)
        return Kernel([_loops([_rect(i, n), _rect(j, m)], [zero, _loops([_rect(k, p)], [acc]), last])],
                      "scalar-temp")
    n, m = b.space_size(), b.space_size()
    a = b.read_array(((n,), (n,)), ctx)
    bb = b.read_array(((n,), (m,)), ctx, avoid=(a,))
    c = b.write_array(((n,), (m,)), ctx, avoid=(a, bb))
    lower = b.rng.random() < 0.5
    bound = (k, "0", i, n, 0, True) if lower else (k, f"{i} + 1", n, n, 0, True)
    aik, bij, ckj, cij = b.ref(a, [i, k], ctx), b.ref(bb, [i, j], ctx), b.ref(c, [k, j], ctx), b.ref(c, [i, j], ctx)
    side = Stmt(ckj, f"{ckj} + {c2} * {bij} * {aik}", c, (c, bb, a), 4)
    acc = Stmt(t, f"{t} + {b.ref(bb, [k, j], ctx)} * {aik}", t, (t, bb, a), 4)
    diagonal = f" + {c2} * {bij} * {b.ref(a, [i, i], ctx)}" if b.rng.random() < 0.6 else ""
    last = Stmt(cij, f"{c1} * {cij}{diagonal} + {c2} * {t}", c, (c, bb, a, t) if diagonal else (c, t),
                5 if diagonal else 3)
    return Kernel([_loops([_rect(i, n), _rect(j, m)], [zero, _loops([bound], [side, acc]), last])], "scalar-temp")


PATTERNS: dict[str, Callable[[Builder, NestContext], Kernel]] = {
    "elementwise": elementwise,
    "broadcast": broadcast,
    "reduction": reduction,
    "contraction": contraction,
    "stencil-jacobi": lambda b, ctx: stencil(b, ctx, in_place=False),
    "stencil-seidel": lambda b, ctx: stencil(b, ctx, in_place=True),
    "transpose": transpose,
    "skewed": skewed,
    "triangular": triangular,
    "imperfect": imperfect,
    "triangular-update": triangular_update,
    "pivot-update": pivot_update,
    "scalar-temp": scalar_temp,
}

# Smallest kernel depth of each pattern, so a nest's depth budget is never exceeded.
MIN_DEPTH = {"elementwise": 1, "broadcast": 2, "reduction": 1, "contraction": 3, "stencil-jacobi": 1,
             "stencil-seidel": 1, "transpose": 2, "skewed": 2, "triangular": 2,
             "imperfect": 2, "triangular-update": 3, "pivot-update": 3,
             "scalar-temp": 2}


@dataclass
class Weights:
    """Relative frequency of each pattern, and how nests are linked and grouped."""

    elementwise: float = 1.0
    broadcast: float = 1.0
    reduction: float = 1.0
    contraction: float = 1.0
    stencil_jacobi: float = 1.0
    stencil_seidel: float = 1.0
    transpose: float = 1.0
    skewed: float = 1.0
    triangular: float = 1.0
    # off by default: generator 1's programs stay what they were for every seed
    imperfect: float = 0.0
    triangular_update: float = 0.0  # off by default, as imperfect (session 45)
    pivot_update: float = 0.0  # off by default, as imperfect (session 53)
    scalar_temp: float = 0.0  # off by default, as imperfect (session 55)
    chain: float = 0.6  # probability a read takes an array an earlier nest wrote (when shapes match)
    shared: float = 0.3  # probability a nest is a shared outer loop with several branches
    double: float = 0.5  # probability the program's type is double (else float)
    # probability that a constant of a statement is read from a read-only scalar variable
    # instead of written as a literal (BLAS and PolyBench read alpha and beta); off by default
    scalars: float = 0.0
    # probability that a gemm-like contraction (the output scaled before the reduction) is
    # written in reference BLAS's loop order (i, k, j: the reduction between the output
    # loops, the scaling in its own loop), as PolyBench's gemm is; off by default
    blas_order: float = 0.0
    # probability that a term of a statement's expression is divided by a constant or passed through a square
    # root (Builder.op_wrap); off by default
    ops: float = 0.0
    # the most time steps of a time loop (drawn uniformly from 2 up to it; PolyBench's
    # stencils run 20 to 1000 at MEDIUM and LARGE, the default keeps generator 1's draws)
    time_steps: float = 12
    # probability that a stencil's reads are written in a drawn order instead of its centre first (PolyBench's
    # heat-3d, jacobi-1d and seidel-2d read a neighbour first: session 79 found no model ever saw a first read at
    # a constant offset); off by default
    read_order: float = 0.0
    # probability that a stencil of two or more dimensions also writes its output's last row (`A[N0 - 1][j]`), as
    # boundary conditions do: a subscript with a size in it, which no generated program wrote before session 79;
    # off by default
    edges: float = 0.0

    def pattern_weights(self) -> list[tuple[str, float]]:
        return [(name, getattr(self, name.replace("-", "_"))) for name in PATTERNS]

    @classmethod
    def parse(cls, text: str) -> Weights:
        """`"contraction=2,stencil_jacobi=0.5,chain=0.8"`: unknown names are an error."""
        w = cls()
        for item in text.split(","):
            if not item.strip():
                continue
            name, sep, value = item.partition("=")
            key = name.strip().replace("-", "_")
            if not sep or key not in cls.__dataclass_fields__:
                known = ", ".join(cls.__dataclass_fields__)
                raise ValueError(f"unknown weight `{name.strip()}`; known: {known}")
            try:
                val = float(value)
            except ValueError:
                raise ValueError(f"weight `{key}` must be a number, not `{value}`") from None
            if val < 0:
                raise ValueError(f"weight `{key}` must be >= 0")
            setattr(w, key, val)
        if w.time_steps < 2 or w.time_steps != int(w.time_steps):
            raise ValueError("`time_steps` must be a whole number of at least 2")
        if sum(v for _, v in w.pattern_weights()) <= 0:
            raise ValueError("at least one pattern weight must be positive")
        return w
