"""`polyrl measure` and `polyrl dataset`: argument parsing only; the work is in
`scheduler`, `export` and `labels`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from polyrl.arguments import require_at_least_one
from polyrl.errors import PolyrlError
from polyrl.measure.labels import TIMES_KEPT
from polyrl.runtime.batch import BATCH_MIN_TIMED_S, DEFAULT_PRUNE

MEASURE_EPILOG = """Each program's baseline and its schedules go into the memo store under
(program hash, schedule, machine, compiler + flags + threads). A re-run measures only what
the store lacks; Ctrl-C keeps every finished program. A baseline whose arrays differ from
those of an -O1 build of the program is stored as baseline-miscompiled, and none of its
schedules is measured (see --no-reference-check). The chosen schedules are cached in
STORE.plans.jsonl, which `polyrl dataset export` also reads for the program paths.

--schedules FILE: one schedule per line, for every program, or `prog_000042: SCHEDULE`
for one program; illegal ones are recorded as illegal without being run."""


def register(subparsers) -> None:
    from polyrl.arguments import REPEAT_HELP

    p = subparsers.add_parser(
        "measure",
        help="measure baselines and schedules of a corpus into the memo store (local processes or Ray)",
        epilog=MEASURE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=cmd_measure)
    p.add_argument("corpus", metavar="CORPUS", help="a folder of .c files (e.g. from `polyrl generate`) or one file")
    p.add_argument("--schedules", default="random:8", metavar="random:K|macros|FILE",
                   help="K random legal schedules per program (default random:8); `macros`, the macro schedules "
                   "(tile, pack, register-block, vector code, parallel; interchange for column walks; skew, tile "
                   "and a wavefront for stencils); `macros+random:K`, both; or a schedule file")
    p.add_argument("--workers", type=int, default=2,
                   help="local worker processes (default 2); with --ray local, the CPUs of the local Ray")
    p.add_argument("--ray", metavar="ADDRESS|local", default=None,
                   help="run the work as Ray tasks on the cluster at ADDRESS, or on a local Ray instance")
    p.add_argument("--store", default="polyrl-measure.sqlite", metavar="PATH",
                   help="memo store (SQLite; default polyrl-measure.sqlite)")
    p.add_argument("--repeat", type=int, default=5, help=REPEAT_HELP)
    p.add_argument("--threads", type=int, default=None,
                   help="OpenMP threads per run (default: all cores); recorded in the store key")
    p.add_argument("--cc", default="gcc", help="C compiler (default gcc)")
    p.add_argument("--flags", default="-O3 -march=native -fopenmp",
                   help='compiler flags for every build (default "-O3 -march=native -fopenmp")')
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is stopped (default 60)")
    p.add_argument("--compile-timeout", type=float, default=300.0, metavar="SECONDS",
                   help="seconds a build may take before it is stopped and recorded as compile-timeout (default "
                   "300); a schedule whose code takes gcc minutes (generated programs of many deep nests can) "
                   "then costs the run this much, not more")
    p.add_argument("--no-reference-check", dest="reference_check", action="store_false",
                   help="trust each baseline's arrays as the reference without comparing them with an -O1 build "
                   "of the program (saves one build and run per program; a compiler that miscompiles the "
                   "original then goes unnoticed)")
    p.add_argument("--batch", type=int, default=8, metavar="K",
                   help="build up to K schedules of a program into one binary with the original and time them "
                   "interleaved in one process (default 8; 1: one binary and three timing processes per schedule, "
                   "as before session 18)")
    p.add_argument("--prune", type=float, default=DEFAULT_PRUNE, metavar="F",
                   help=f"in a batch, give a schedule no more timed runs once its fastest is over F times the batch's "
                   f"fastest at the end of a round (it keeps at least one; its record says so): slow schedules then "
                   f"cost one run instead of --repeat (default {DEFAULT_PRUNE:g}; 0: every schedule gets --repeat runs)")
    p.add_argument("--min-time", type=float, default=BATCH_MIN_TIMED_S, metavar="S",
                   help=f"in a batch, time a schedule until its runs add up to S seconds (at least --repeat runs; "
                   f"default {BATCH_MIN_TIMED_S:g}): more runs of short regions for a steadier minimum")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (there is none when stderr is not a terminal)")

    d = subparsers.add_parser("dataset", help="the label set in git (export, import, stats) and tables of a memo store")
    dsub = d.add_subparsers(dest="dataset_command", metavar="ACTION", required=True)
    e = dsub.add_parser(
        "export", help="add a store's new measurements to the label set as one shard (or write a table with --out)",
        description="Without --out: the store's records that the label set does not hold yet (by program, schedule, "
        "machine, toolchain and time of measurement) become one new zstd Parquet shard in the label set, each "
        "program with its C text and its generator manifest entry, so that a fresh clone can rebuild the store "
        "(`polyrl dataset import`). Records of programs whose file is gone or changed since it was measured are "
        "left out and counted. With --out: every record as one table row, with speedups (.parquet or .jsonl).")
    e.set_defaults(func=cmd_export)
    e.add_argument("store", metavar="STORE", help="memo store written by `polyrl measure`")
    e.add_argument("--out", metavar="FILE", help="write a table (.parquet or .jsonl) instead of a label shard")
    e.add_argument("--labels", metavar="DIR", help="the label set (default: datasets/labels of this checkout)")
    e.add_argument("--name", metavar="NAME", help="the shard's file name before its digest (default: the UTC time)")
    i = dsub.add_parser(
        "import", help="rebuild a memo store and a corpus folder from the label set",
        description="Reads every shard of the label set and writes its records into STORE (a record the store "
        "has from the same time or later is kept) and its programs into --corpus as C files with a "
        "manifest.jsonl that gives each program's hash: the pair `polyrl pretrain --store STORE --corpus DIR` "
        "and `polyrl distill` read. Where shards hold one key twice, the later measurement wins.")
    i.set_defaults(func=cmd_import)
    i.add_argument("--labels", metavar="DIR", help="the label set (default: datasets/labels of this checkout)")
    i.add_argument("--store", default="labels.sqlite", metavar="PATH", help="memo store to fill (default labels.sqlite)")
    i.add_argument("--corpus", default="labels-corpus", metavar="DIR",
                   help="folder for the programs and their manifest (default labels-corpus)")
    s = dsub.add_parser("stats", help="count the label set's verified labels per machine, pattern and size class")
    s.set_defaults(func=cmd_stats)
    s.add_argument("--labels", metavar="DIR", help="the label set (default: datasets/labels of this checkout)")
    c = dsub.add_parser(
        "compact", help="cut each label's timed runs to the order statistics new exports keep (shrinks old shards)",
        description=f"Older exports kept every timed run of a label, a hundred or more for fast programs. Each "
        f"such shard is rewritten under its name with at "
        f"most {TIMES_KEPT} runs per label: evenly spaced order statistics, the fastest, the median and the slowest "
        f"among them, which is what training (the fastest), the replays (the median) and the spread read. Every "
        f"other column stays as it was. A rewrite is read back and checked before it replaces its shard; a stop "
        f"leaves each shard whole, compacted or not.")
    c.set_defaults(func=cmd_compact)
    c.add_argument("--labels", metavar="DIR", help="the label set (default: datasets/labels of this checkout)")
    a = dsub.add_parser(
        "adopt",
        help="file a store's records of an older machine key under this machine's",
        description="Until the twelfth session polyrl keyed measurements by CPU name and core count only "
        "(`AMD EPYC x2`), which does not tell apart hosts whose CPUs differ under one name; it now adds the "
        "CPU's family, model, stepping and cache sizes. Records written before are not this machine's any "
        "more: nothing reads them as memo hits, and `polyrl distill` finds no targets in them. If they were "
        "measured on this machine, `adopt` files them under its key. A record this machine already has is "
        "kept, and the old one beside it.",
    )
    a.set_defaults(func=cmd_adopt)
    a.add_argument("store", metavar="STORE", help="memo store")
    a.add_argument("--machine", metavar="KEY",
                   help="the machine key to adopt (default: this machine's key in the old form, e.g. `AMD EPYC x2`)")


def cmd_measure(args: argparse.Namespace) -> int:
    from polyrl.measure.scheduler import MeasureOptions, run_measurement
    from polyrl.runtime.execute import Toolchain

    require_at_least_one(args, "workers", "repeat", "threads", "batch")
    if args.prune != 0 and not args.prune >= 1:
        raise PolyrlError(f"--prune must be 0 (off) or a factor of at least 1, not {args.prune:g}")
    if not args.compile_timeout > 0:
        raise PolyrlError(f"--compile-timeout must be a positive number of seconds, not {args.compile_timeout:g}")
    if not args.min_time >= 0:
        raise PolyrlError(f"--min-time must be a number of seconds, at least 0, not {args.min_time:g}")
    tc = Toolchain(cc=args.cc, flags=tuple(args.flags.split()), threads=args.threads)
    opts = MeasureOptions(Path(args.corpus), args.schedules, args.workers, args.ray, Path(args.store), tc,
                          args.repeat, args.timeout, progress=not args.no_progress and sys.stderr.isatty(),
                          reference_check=args.reference_check, batch=args.batch,
                          compile_timeout_s=args.compile_timeout, prune=args.prune, min_time_s=args.min_time)
    summary = run_measurement(opts)
    print(summary.text())
    if summary.interrupted:
        return 130
    return 1 if summary.failed else 0


def cmd_adopt(args: argparse.Namespace) -> int:
    from polyrl.runtime.store import MemoStore, legacy_fingerprint, machine_fingerprint

    if not Path(args.store).is_file():
        raise PolyrlError("no such memo store", args.store)
    old, new = args.machine or legacy_fingerprint(), machine_fingerprint()
    with MemoStore(args.store) as store:
        machines = store.machines()
        if old not in machines:
            known = ", ".join(f"`{m}` ({n})" for m, n in sorted(machines.items())) or "none"
            raise PolyrlError(f"the store has no records of machine `{old}` (it has: {known})", args.store)
        moved, kept = store.adopt(old, new)
    print(f"{moved} records of `{old}` are now this machine's (`{new}`)"
          + (f"; {kept} left under `{old}` (this machine already had them)" if kept else ""))
    return 0


def _labels_dir(args: argparse.Namespace) -> Path:
    from polyrl.measure.labels import default_labels_dir

    return Path(args.labels) if args.labels else default_labels_dir()


def _shard_progress(verb: str):
    """A progress callback (shards done, shards in all) that writes `VERB done/total shards` on a terminal."""
    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{verb} {done}/{total} shards", end="" if done < total else "\n", file=sys.stderr)

    return progress


def cmd_export(args: argparse.Namespace) -> int:
    if args.out:
        if args.labels or args.name:
            raise PolyrlError("--out writes a table, not a shard: drop --labels and --name")
        from polyrl.measure.export import export

        n = export(args.store, args.out)
        print(f"wrote {n} rows to {args.out}")
        return 0
    from polyrl.measure.labels import export_shard

    path, rows, skipped = export_shard(args.store, _labels_dir(args), args.name)
    note = f"; {skipped} records left out: their program's file is gone or changed" if skipped else ""
    if path is None:
        print(f"nothing new: the label set holds every record of {args.store}{note}")
    else:
        print(f"wrote {rows} rows to {path} ({path.stat().st_size / 1e3:.0f} kB){note}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from polyrl.measure.labels import import_labels

    written, kept, programs = import_labels(_labels_dir(args), args.store, args.corpus, _shard_progress("read"))
    print(f"{written} records written to {args.store}, {kept} already there; {programs} programs in {args.corpus}")
    return 0


def cmd_compact(args: argparse.Namespace) -> int:
    from polyrl.measure.labels import compact_shards

    labels = _labels_dir(args)
    done = compact_shards(labels, _shard_progress("checked"))
    for c in done:
        print(f"{c.path.name}: {c.rows} rows, {c.bytes_before / 1e6:.2f} MB -> {c.bytes_after / 1e6:.2f} MB")
    before, after = sum(c.bytes_before for c in done), sum(c.bytes_after for c in done)
    print(f"compacted {len(done)} shards, {before / 1e6:.2f} MB -> {after / 1e6:.2f} MB" if done
          else f"nothing to compact: every label in {labels} keeps at most its kept runs")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from polyrl.measure.labels import label_stats

    labels = _labels_dir(args)
    if not labels.is_dir():
        raise PolyrlError("no label set here", str(labels))
    print(label_stats(labels).text())
    return 0
