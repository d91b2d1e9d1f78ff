"""`polyrl generate`: write a corpus of seeded random programs and print its distribution."""

from __future__ import annotations

import argparse
import time

from polyrl.errors import PolyrlError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "generate",
        help="write seeded random C programs (loop nests) and a manifest",
        description="Writes COUNT programs prog_<index>.c into OUT with manifest.jsonl. The seed of each "
        "program is derived from --seed and its index, so the same arguments give the same bytes everywhere.",
    )
    p.set_defaults(func=cmd_generate)
    p.add_argument("--count", type=int, required=True, help="number of programs")
    p.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    p.add_argument("--start", type=int, default=0, help="index of the first program (default 0)")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder (created)")
    p.add_argument("--scale", type=float, default=1, metavar="K",
                   help="multiply each program's target baseline time (5 to 40 ms) by K: the same programs with "
                   "larger sizes, up to a 48 MiB memory cap (default 1), or with smaller ones for K below 1 (at "
                   "least 0.01; 0.05 gives 0.25-2 ms, the time of many PolyBench MEDIUM kernels). Larger programs "
                   "make schedules matter more than timing noise (at K=1 two quiet measurements rank one "
                   "program's schedules alike only at a Spearman correlation of about 0.5)")
    p.add_argument(
        "--weights",
        default="",
        metavar="NAME=W,...",
        help="pattern weights (elementwise, broadcast, reduction, contraction, stencil_jacobi, stencil_seidel, "
        "transpose, skewed, triangular; default 1 each; imperfect, statements at several depths of one nest "
        "as in triangular solves, LU and column statistics, default 0; triangular_update, rank-k and rank-2k "
        "updates of a triangle with a column walk innermost, default 0; pivot_update, in-place relaxations "
        "and eliminations of a square matrix through its pivot row and column, k outermost, default 0; "
        "scalar_temp, a scalar temporary set, accumulated and used in each iteration of the outer loops, "
        "default 0) and "
        "probabilities chain (0.6), "
        "scalars (0: a constant read from a read-only scalar variable, as alpha and beta), "
        "blas_order (0: a contraction that scales its output first written in reference BLAS's loop order "
        "i, k, j, as PolyBench's gemm), "
        "ops (0: a term of a statement divided by a constant or under sqrt(fabs(...)), as PolyBench's statistics "
        "and solvers), "
        "read_order (0: a stencil's reads in a drawn order, not its centre first), "
        "edges (0: a stencil of 2+ dimensions also sets its output's last row, A[N0 - 1][j]), "
        "shared (0.3), double (0.5), and the most time steps of a time loop, time_steps (12; drawn from 2 up to it), "
        "e.g. contraction=2,stencil_seidel=0.5,chain=0.8",
    )


def cmd_generate(args: argparse.Namespace) -> int:
    from polyrl.generate.corpus import summary, write_corpus
    from polyrl.generate.program import MIN_SCALE

    if args.count < 1:
        raise PolyrlError("--count must be at least 1")
    if not args.scale >= MIN_SCALE:
        raise PolyrlError(f"--scale must be at least {MIN_SCALE}")
    weights = weights_argument(args.weights)
    t0 = time.perf_counter()
    entries = write_corpus(args.out, args.count, args.seed, weights, start=args.start, scale=args.scale)
    print(f"wrote {len(entries)} programs and manifest.jsonl to {args.out} in {time.perf_counter() - t0:.1f} s")
    print(summary(entries))
    return 0


def weights_argument(text: str):
    """`--weights` (of `polyrl generate` and `polyrl fuzz`) as the generator's Weights; a bad one is the user's
    one-line error."""
    from polyrl.generate.patterns import Weights

    try:
        return Weights.parse(text)
    except ValueError as e:
        raise PolyrlError(f"--weights: {e}") from None
