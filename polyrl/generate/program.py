"""One seeded random program: its nests, its sizes, and the estimate of its run time.

Owns the program-level draws (type, number of nests, shared outer loops, which pattern
each kernel follows) and the sizing rule: the space sizes are scaled together so that
the estimated baseline time (statement instances x a cost per instance calibrated on
measured baselines, see COST) lands on a target drawn from TARGETS_MS (5..40 ms), within
a memory cap. Sizes depend on the seed only, never on the machine generating the
program: integer and exactly rounded float arithmetic only (+, *, sqrt).
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from dataclasses import dataclass, replace

from polyrl.generate.patterns import MIN_DEPTH, PATTERNS, Builder, Kernel, NestContext, Weights
from polyrl.generate.structure import ITERATORS, TIME_ITERATOR, Loop, Program

GENERATOR_VERSION = 1

# Target baseline times, log-spaced from 5 to 40 ms. A table rather than exp(uniform):
# libm's exp/log may differ in the last bit between platforms, and sizes must not.
TARGETS_MS = (5.0, 5.74, 6.6, 7.58, 8.71, 10.0, 11.49, 13.2, 15.16, 17.41, 20.0, 22.97, 26.39, 30.31, 34.82, 40.0)
MEMORY_CAP_BYTES = 48 << 20
MIN_SIZE = 8
MAX_SIZE = 1 << 24
# The least --scale: 0.01 turns the 5-40 ms targets into 50-400 us, the time of PolyBench's
# smallest MEDIUM kernels (jacobi-1d 21 us, atax 0.17 ms, bicg 0.64 ms on a Zen 3).
MIN_SCALE = 0.01


def _draw_kernel(b: Builder, w: Weights, ctx: NestContext) -> Kernel:
    choices = [(n, x) for n, x in w.pattern_weights() if x > 0 and MIN_DEPTH[n] <= ctx.max_depth]
    if not choices:  # only deep patterns are enabled but the depth budget is small
        choices = [(n, x) for n, x in w.pattern_weights() if x > 0]
        ctx = replace(ctx, max_depth=5 - ctx.first_var)
    names = [n for n, _ in choices]
    name = b.rng.choices(names, weights=[x for _, x in choices])[0]
    # a kernel of a later nest is often built around an array an earlier nest wrote
    earlier = [a for a, k in b.written_in.items() if k < ctx.nest and b.arrays[a].dims
               and all(len(d) == 1 for d in b.arrays[a].dims) and ctx.batch is None]
    b.consume(b.rng.choice(earlier) if earlier and b.rng.random() < w.chain else None)
    kernel = PATTERNS[name](b, ctx)
    b.consume(None)
    return kernel


def generate_program(seed: int, weights: Weights | None = None, scale: float = 1) -> Program:
    """The program of `seed`: the same on every machine and every run. `scale` multiplies
    the drawn target time (the same draws, larger or smaller sizes, within the memory cap
    and MIN_SIZE); at least MIN_SCALE."""
    if not scale >= MIN_SCALE:
        raise ValueError(f"scale must be at least {MIN_SCALE}")
    w = weights or Weights()
    rng = random.Random(seed)
    dtype = "double" if rng.random() < w.double else "float"
    b = Builder(rng, dtype, w.chain, n_space=rng.randint(1, 3), time_steps=int(w.time_steps), scalars=w.scalars,
                blas_order=w.blas_order, ops=w.ops, read_order=w.read_order, edges=w.edges)
    n_nests = rng.choices((1, 2, 3, 4, 5), weights=(3, 3, 2, 1.5, 1.5))[0]
    nests: list[Loop] = []
    patterns: list[str] = []
    for k in range(n_nests):
        if rng.random() < w.shared:
            time_loop = rng.random() < 0.5
            if time_loop:
                ctx = NestContext(nest=k, first_var=0, in_time=True, max_depth=4)
                var, size = TIME_ITERATOR, b.time_size()
            else:
                size = b.space_size()
                var = ITERATORS[0]
                ctx = NestContext(nest=k, first_var=1, batch=(var, size), max_depth=4)
            body: list[Loop] = []
            while len(body) < 2 or (len(body) < 3 and rng.random() < 0.3):
                kern = _draw_kernel(b, w, ctx)
                body += kern.loops
                patterns.append(kern.pattern)
            nests.append(Loop(var, "0", size, list(body), size))
        else:
            kern = _draw_kernel(b, w, NestContext(nest=k))
            nests += kern.loops
            patterns.append(kern.pattern)
    coeffs = {}
    for name, a in b.arrays.items():
        coeffs[name] = tuple(rng.randint(1, 7) for _ in a.dims) + (rng.randint(0, 5), rng.choice((7, 11, 13, 17, 19, 23)))
    # a pattern may draw a size it then leaves unused: no #define for it
    used = {x for a in b.arrays.values() for d in a.dims for x in d}
    used |= {lp.size for n in nests for lp in _loops(n)}
    sizes = {name: s for name, s in b.sizes.items() if name in used}
    prog = Program(seed, dtype, sizes, dict(b.arrays), nests, patterns, b.chains, coeffs, version=GENERATOR_VERSION,
                   constants=dict(b.constants))
    return size_program(prog, rng.choice(TARGETS_MS) * scale)


def _loops(loop: Loop):
    yield loop
    for c in loop.body:
        if isinstance(c, Loop):
            yield from _loops(c)


# ---------------------------------------------------------------- sizing
# Cost of one statement instance, in ns, from how its accesses use the innermost loop:
# COST[feature] per access (or per instance for "sequential", "instance"); "big" and
# "huge" mark statements whose arrays exceed L2_BYTES and BIG_BYTES. Fitted (least
# squares on log time) to 200 baselines measured on an AMD EPYC core with gcc 12
# -O3 -march=native; the fit's typical error is a factor of 2 (90% within 0.4x..3.2x).
COST = {
    "contiguous": 0.009, "contiguous_big": 0.034, "contiguous_huge": 0.23,
    "strided": 0.082, "strided_big": 0.13, "strided_huge": 2.5,
    "invariant": 0.054, "sequential": 0.45, "instance": 0.385,
}
L2_BYTES = 1 << 20
BIG_BYTES = 8 << 20  # beyond this, accesses go to memory more than to the last-level cache


def _uses(sub: str, var: str) -> bool:
    return re.search(rf"\b{var}\b", sub) is not None


@dataclass(frozen=True)
class _StmtShape:
    """What the cost of a statement depends on, apart from the sizes."""

    chain: tuple[Loop, ...]  # enclosing loops, outermost first
    arrays: tuple[str, ...]  # distinct arrays it touches
    invariant: int
    strided: int
    contiguous: int
    sequential: bool  # the innermost loop carries a dependence through it


def _shapes(prog: Program) -> list[_StmtShape]:
    out = []

    def visit(loop: Loop, chain: tuple[Loop, ...]) -> None:
        chain = chain + (loop,)
        for c in loop.body:
            if isinstance(c, Loop):
                visit(c, chain)
                continue
            v = loop.var
            refs = c.refs(prog.arrays)
            kinds = Counter(
                "invariant" if not any(_uses(x, v) for x in subs)
                else "strided" if any(_uses(x, v) for x in subs[:-1]) else "contiguous"
                for _, subs in refs
            )
            lhs_name, lhs_subs = refs[0]
            carried = not any(_uses(x, v) for x in lhs_subs) or any(
                name == lhs_name and subs != lhs_subs and any(_uses(x, v) for x in subs) for name, subs in refs[1:]
            )
            out.append(_StmtShape(chain, tuple(dict.fromkeys(n for n, _ in refs)), kinds["invariant"],
                                  kinds["strided"], kinds["contiguous"], carried))

    for n in prog.nests:
        visit(n, ())
    return out


def statement_features(prog: Program, values: dict[str, int],
                       shapes: list[_StmtShape] | None = None) -> list[tuple[tuple[Loop, ...], dict[str, float]]]:
    """(enclosing loops, feature counts) of every statement; see COST."""
    elem = 8 if prog.dtype == "double" else 4
    out = []
    for sh in shapes if shapes is not None else _shapes(prog):
        footprint = sum(elem * math.prod(sum(values[x] for x in d) for d in prog.arrays[n].dims) for n in sh.arrays)
        tier = "_huge" if footprint > BIG_BYTES else "_big" if footprint > L2_BYTES else ""
        f = dict.fromkeys(COST, 0.0)
        f["invariant"] = sh.invariant
        f["strided" + tier] = sh.strided
        f["contiguous" + tier] = sh.contiguous
        f["sequential"] = 1.0 if sh.sequential else 0.0
        f["instance"] = 1.0
        out.append((sh.chain, f))
    return out


def _trip(loop: Loop, values: dict[str, int]) -> float:
    n = max(values[loop.size] - loop.trim, 0)
    return n / 2 if loop.triangular else float(n)


def estimate_ms(prog: Program, values: dict[str, int], shapes: list[_StmtShape] | None = None) -> float:
    """Statement instances times their cost (COST) summed over statements."""
    total = 0.0
    for chain, f in statement_features(prog, values, shapes):
        total += math.prod(_trip(x, values) for x in chain) * sum(COST[k] * f[k] for k in COST)
    return total * 1e-6


def memory_bytes(prog: Program, values: dict[str, int]) -> int:
    elem = 8 if prog.dtype == "double" else 4
    return sum(elem * math.prod(sum(values[s] for s in d) for d in a.dims) for a in prog.arrays.values())


def _values(prog: Program, scale: float) -> dict[str, int]:
    return {
        s.name: s.value if s.time else max(MIN_SIZE, min(MAX_SIZE, round(scale * s.ratio)))
        for s in prog.sizes.values()
    }


def size_program(prog: Program, target_ms: float) -> Program:
    """Scale the space sizes: the largest scale whose estimate and memory stay in budget."""
    shapes = _shapes(prog)
    lo, hi = 1.0, float(MAX_SIZE)
    for _ in range(40):  # 40 halvings of log(scale): finer than integer sizes can tell
        mid = math.sqrt(lo * hi)
        v = _values(prog, mid)
        if estimate_ms(prog, v, shapes) <= target_ms and memory_bytes(prog, v) <= MEMORY_CAP_BYTES:
            lo = mid
        else:
            hi = mid
    values = _values(prog, lo)
    prog.sizes = {n: replace(s, value=values[n]) for n, s in prog.sizes.items()}
    prog.estimate_ms = estimate_ms(prog, values, shapes)
    return prog
