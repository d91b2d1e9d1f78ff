"""Argument helpers shared by the `polyrl` commands (polyrl.cli and the command modules of
each package): the input file's options, the build and measuring options, and turning
them into a loaded program or a Toolchain. Parsing only: importing this module stays cheap,
and the packages it hands work to are imported when a command runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from polyrl.errors import PolyrlError


def add_input_arguments(p: argparse.ArgumentParser, every_scop: bool = False) -> None:
    p.add_argument("file", help="C source file")
    p.add_argument("--function", metavar="NAME", help="only the loop nests of this function")
    if every_scop:
        p.add_argument("--scop", type=int, default=None, metavar="K",
                       help="only this scop of the file, counted from 0 (default: every scop of the file, each "
                       "reported, with the loop nests refused named by file:line:col)")
    else:
        p.add_argument("--scop", type=int, default=0, metavar="K", help="which scop of the file (default 0, the first)")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME=VALUE",
                   help="preprocessor definition, also passed to the compiler (repeatable)")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR",
                   help="include directory, also passed to the compiler (repeatable)")


def add_build_arguments(p: argparse.ArgumentParser) -> None:
    """--cc, --flags and --threads: what a build and its runs are keyed by in the memo store."""
    p.add_argument("--cc", default="gcc", help="C compiler (default gcc)")
    p.add_argument("--flags", default="-O3 -march=native -fopenmp",
                   help='compiler flags for baseline and optimized builds (default "-O3 -march=native -fopenmp")')
    p.add_argument("--threads", type=int, default=None, help="OpenMP threads (default: all cores)")


REPEAT_HELP = ("timed runs after one warm-up, at least; a region whose runs take under 0.1 s in all runs on until "
               "they take 0.1 s (at most 1000 runs), in each of 3 processes; the minimum counts (default 5)")


def add_toolchain_arguments(p: argparse.ArgumentParser) -> None:
    add_build_arguments(p)
    p.add_argument("--repeat", type=int, default=5, help=REPEAT_HELP)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds before a run is stopped (default 300)")
    p.add_argument("--store", default=None, metavar="PATH",
                   help="memo store (SQLite); repeated requests are answered from it")


def add_reference_check_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-reference-check", dest="reference_check", action="store_false",
                   help="trust the baseline's output as the reference without comparing it with an -O1 build "
                   "of the original program (saves one build and run per program; a compiler that "
                   "miscompiles the original then goes unnoticed)")


def add_simd_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--simd", choices=("auto", "always", "never"), default="auto",
                   help="where to write `#pragma omp simd` on dependence-free innermost loops: auto (default) "
                   "only on loops the schedule changed, always, or never")


def parse_defines(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        name, _, value = item.partition("=")
        out[name] = value or "1"
    return out


def _input_file(args) -> str:
    """The input file argument, refused in one line when it is a folder or missing."""
    if Path(args.file).is_dir():
        raise PolyrlError("is a folder, not a C file; give one .c file", args.file)
    if not Path(args.file).is_file():
        raise PolyrlError("no such file", args.file)
    return args.file


def load_program(args):
    from polyrl.api import load

    return load(_input_file(args), function=args.function, defines=parse_defines(args.defines),
                include_dirs=args.include_dirs, index=args.scop)


def load_all_programs(args):
    """Every scop of the input file as a Program, and the loop nests refused."""
    from polyrl.api import load_all

    return load_all(_input_file(args), function=args.function, defines=parse_defines(args.defines),
                    include_dirs=args.include_dirs)


def toolchain_from_args(args):
    """The Toolchain of the --cc/--flags/--threads options plus the input's -D and -I."""
    from polyrl.runtime import Toolchain

    # builds run in a private folder, so include paths must not be relative
    flags = (tuple(args.flags.split()) + tuple(f"-D{d}" for d in args.defines)
             + tuple(f"-I{Path(i).resolve()}" for i in args.include_dirs))
    return Toolchain(cc=args.cc, flags=flags, threads=args.threads)


def require_at_least_one(args: argparse.Namespace, *names: str) -> None:
    """A one-line error for the first of the options `names` (attribute names, e.g.
    "search_budget" for --search-budget) given below 1; an option left unset (None) passes."""
    for name in names:
        value = getattr(args, name)
        if value is not None and value < 1:
            raise PolyrlError(f"--{name.replace('_', '-')} must be at least 1")
