"""`polyrl fuzz`: argument parsing only; the run is `polyrl.fuzz.driver`'s."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from polyrl.arguments import require_at_least_one
from polyrl.errors import PolyrlError

FUZZ_EPILOG = """Each generated program (polyrl.generate, sized to run in well under a millisecond)
gets --schedules random schedules of 1-4 actions drawn WITHOUT regard to legality. An
accepted schedule must give bitwise the results of the original built at -O0 (variants are
built with --flags plus -ffp-contract=off, run with OMP_NUM_THREADS=--threads); a failure is
minimized and saved under OUT/failures/ and the command exits 1. An original whose optimized
build already differs from -O0 is a compiler bug: listed, and variants wrong in exactly
the same way are not counted as failures. A refused schedule is applied anyway (a test-only
unchecked mode) and run once, to count refusals that were needed (the results really
differ) and harmless ones.
OUT gets report.md, report.json and evaluations.jsonl, also after Ctrl-C."""


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "fuzz",
        help="differential fuzzing of the legality check and code generation on random programs",
        epilog=FUZZ_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=cmd_fuzz)
    p.add_argument("--programs", type=int, default=100, metavar="N", help="number of programs (default 100)")
    p.add_argument("--schedules", type=int, default=10, metavar="K", help="random schedules per program (default 10)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="corpus seed: program i is `polyrl generate --seed S` program i, resized (default 0)")
    p.add_argument("--start", type=int, default=0, metavar="I", help="index of the first program (default 0)")
    p.add_argument("--weights", default="", metavar="NAME=W,...",
                   help="the generator's pattern weights and options, as `polyrl generate --weights` takes them "
                   "(e.g. stencil_seidel=3,read_order=0.5,edges=0.5 for stencils with boundary rows); "
                   "default: the generator's defaults")
    p.add_argument("--out", default="polyrl-fuzz", metavar="DIR", help="report and reproducers (default polyrl-fuzz)")
    p.add_argument("--workers", type=int, default=None, metavar="W",
                   help="worker processes (default: number of cores)")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="start no program after this many seconds; the report covers what finished")
    p.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS of every run (default 2)")
    p.add_argument("--cc", default="gcc", help="C compiler (default gcc)")
    p.add_argument("--flags", default="-O3 -march=native -fopenmp -ffp-contract=off",
                   help="compiler flags; -ffp-contract=off is always added (default "
                   '"-O3 -march=native -fopenmp -ffp-contract=off")')
    p.add_argument("--timeout", type=float, default=10.0, help="seconds before a run is stopped (default 10)")
    p.add_argument("--simd", choices=("auto", "always", "never"), default="always",
                   help="`omp simd` placement (default always: on every loop the check finds dependence-free)")
    p.add_argument("--no-minimize", action="store_true", help="save failures as drawn, without minimizing")
    p.add_argument("--no-progress", action="store_true", help="no progress display")


def cmd_fuzz(args: argparse.Namespace) -> int:
    from polyrl.fuzz.driver import FuzzOptions, run_fuzz
    from polyrl.fuzz.evaluate import FuzzSettings

    for name, value, least in (("--programs", args.programs, 1), ("--schedules", args.schedules, 1),
                               ("--threads", args.threads, 1), ("--start", args.start, 0)):
        if value < least:
            raise PolyrlError(f"{name} must be at least {least}")
    require_at_least_one(args, "workers")
    if args.time_budget is not None and args.time_budget <= 0:
        raise PolyrlError("--time-budget must be positive")
    if args.timeout <= 0:
        raise PolyrlError("--timeout must be positive")
    from polyrl.generate.command import weights_argument

    weights = weights_argument(args.weights)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise PolyrlError("--out exists and is not a folder", str(out))
    settings = FuzzSettings(cc=args.cc, flags=tuple(args.flags.split()), threads=args.threads,
                            timeout_s=args.timeout, simd=args.simd, out=str(out.resolve()),
                            minimize=not args.no_minimize)
    settings.toolchain().version()  # a missing compiler is the user's error, before any work
    opts = FuzzOptions(programs=args.programs, schedules=args.schedules, seed=args.seed, out=out,
                       workers=args.workers or os.cpu_count() or 1, time_budget_s=args.time_budget,
                       start=args.start, settings=settings, progress=not args.no_progress, weights=weights)
    report = run_fuzz(opts)
    s = report.summary()
    print(f"fuzz: {s['programs']} programs, {s['schedules']} schedules: {s['accepted']} accepted "
          f"({s['accepted_verified']} verified, {s['failures']} failures), {s['refused']} refused "
          f"({s['refused_differ']} really differ, {s['refused_harmless']} harmless, {s['refused_other']} other), "
          f"{s['wall_s']} s, {s['evaluations_per_s']} eval/s")
    print(f"report: {out / 'report.md'} and {out / 'report.json'}")
    if report.failures:
        print(f"FAILURES: {len(report.failures)} accepted schedule(s) did not verify; reproducers under "
              f"{out / 'failures'}")
        return 1
    if report.interrupted:
        return 130
    return 0
