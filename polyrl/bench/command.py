"""`polyrl bench`: the command line of the bench (arguments, progress lines, output files).

Thin: resolves the suite, the variants and the schedules, runs polyrl.bench.runner and
writes the reports of polyrl.bench.report into --out.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import datetime
from pathlib import Path

from polyrl.arguments import require_at_least_one
from polyrl.errors import PolyrlError

DEFAULT_VARIANTS = "base,graphite,polly,pluto,pluto-nounrolljam,polyrl-schedule,polyrl-affine,polyrl-policy"


def register(subparsers) -> None:
    from polyrl.arguments import REPEAT_HELP

    p = subparsers.add_parser(
        "bench",
        help="compare polyrl with gcc, Graphite, Polly and PLUTO on PolyBench-style kernels",
        description="Build every kernel of a suite once per variant with the same timing harness, "
        "verify each variant's arrays against the base build (itself first checked against an -O1 build "
        "of the kernel, see --no-reference-check), time it (minimum of --repeat runs) and "
        "report speedups over base. Writes results.csv, results.md and speedups.png into --out. Besides the "
        "compilers, polyrl-schedule applies fixed schedules, polyrl-policy the trained policy's greedy schedule "
        "(results.md also lists its inference time per kernel), and polyrl-search and random-search keep the "
        "fastest verified of --search-budget measured candidates from the policy or drawn at random.",
    )
    p.set_defaults(func=cmd_bench)
    p.add_argument("--suite", default="polybench", metavar="polybench|pearl|PATH",
                   help="named suite of the polyrl datasets, or a folder of <name>/<name>.c kernels "
                   "(default polybench)")
    p.add_argument("--polybench-dir", metavar="PATH",
                   help="a PolyBench/C 4.2.1 checkout to use as the polybench suite")
    p.add_argument("--dataset", default="MEDIUM", type=str.upper,
                   choices=("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE"),
                   help="size class, compiled as -D<DATASET>_DATASET (default MEDIUM)")
    p.add_argument("--variants", default=DEFAULT_VARIANTS,
                   help=f"comma-separated; base always runs, as the reference (default {DEFAULT_VARIANTS}); "
                   "polyrl-policy@PATH adds the greedy schedule of another policy checkpoint, timed and "
                   "reported like polyrl-policy's (repeatable, to compare checkpoints side by side)")
    p.add_argument("--schedules", metavar="FILE",
                   help="`kernel: SCHEDULE` lines for polyrl-schedule (default: the schedules polyrl ships "
                   "for the suite)")
    p.add_argument("--policy", metavar="PATH",
                   help="policy checkpoint of polyrl-policy and polyrl-search (default: the policy shipped with polyrl)")
    p.add_argument("--search-budget", type=int, default=32, metavar="N",
                   help="candidate schedules measured per kernel by polyrl-search and random-search (default 32)")
    p.add_argument("--polycc", metavar="PATH",
                   help="PLUTO's polycc for the pluto variants (default: $POLYRL_POLYCC, else polycc on PATH; "
                   "scripts/build_pluto.sh builds one)")
    p.add_argument("--kernels", metavar="a,b,c", help="only these kernels")
    p.add_argument("--threads", type=int, default=None, help="OpenMP threads (default: all cores)")
    p.add_argument("--repeat", type=int, default=5, help=REPEAT_HELP)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds before one program run is stopped "
                   "(default 300)")
    p.add_argument("--out", metavar="DIR", help="output folder (default bench-out/<timestamp>)")
    p.add_argument("--store", metavar="PATH", help="memo store (SQLite); measured results are reused from it")
    p.add_argument("--no-reference-check", dest="reference_check", action="store_false",
                   help="trust the base build's arrays as the reference without comparing them with an -O1 build "
                   "of the kernel (saves one build and run per kernel; a compiler that miscompiles the "
                   "kernel then goes unnoticed)")
    p.add_argument("--verify-runs", type=int, default=2, metavar="N",
                   help="run each variant that verifies N times in all, each later run's arrays compared bitwise "
                   "with its first run's: a program whose results change from run to run (a data race in a "
                   "parallel loop) can pass one comparison by chance (default 2)")
    p.add_argument("--fresh", action="store_true",
                   help="measure everything again instead of reusing the memo store (new results replace old ones)")


def _split(text: str | None) -> list[str]:
    return [s.strip() for s in (text or "").split(",") if s.strip()]


def cmd_bench(args: argparse.Namespace) -> int:
    from polyrl.bench.report import CsvWriter, markdown, plot
    from polyrl.bench.runner import ordered_variants, run_bench
    from polyrl.bench.schedules import load_schedules, shipped_schedules
    from polyrl.bench.suite import discover, resolve_suite, select
    from polyrl.bench.variants import Settings, find_polycc, make_variants
    from polyrl.runtime import MemoStore, machine_fingerprint

    require_at_least_one(args, "repeat", "threads", "search_budget", "verify_runs")
    if args.polycc and find_polycc(args.polycc) is None:
        raise PolyrlError(f"--polycc: `{args.polycc}` is not an executable")
    label, folder = resolve_suite(args.suite, args.polybench_dir)
    kernels = select(discover(folder), _split(args.kernels))
    if not kernels:
        raise PolyrlError("no kernels (<name>/<name>.c) found", str(folder))
    schedules = load_schedules(args.schedules) if args.schedules else shipped_schedules(label)
    threads = args.threads or os.cpu_count() or 1
    store = MemoStore(args.store) if args.store else None
    # --fresh: the searches measure their candidates again too
    settings = Settings(dataset=args.dataset, threads=threads, schedules=schedules, timeout_s=args.timeout,
                        policy=args.policy, search_budget=args.search_budget, repeat=args.repeat,
                        store=None if args.fresh else store, reference_check=args.reference_check,
                        polycc=args.polycc, verify_runs=args.verify_runs)
    names = ordered_variants(_split(args.variants) or _split(DEFAULT_VARIANTS))
    variants = make_variants(names, settings)
    out = Path(args.out) if args.out else Path("bench-out") / datetime.now().strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)

    # OpenMP's waiting policy decides how a busy machine treats parallel regions; say it
    omp_env = ", ".join(f"{k}={os.environ[k]}" for k in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "KMP_BLOCKTIME")
                        if k in os.environ)
    title = (f"polyrl bench: {label}, {args.dataset}, {threads} threads, min of at least {args.repeat} runs "
             f"({machine_fingerprint()}{', ' + omp_env if omp_env else ''})")
    log = sys.stderr
    print(f"{title}\nkernels: {len(kernels)} from {folder}\noutput: {out}", file=log)
    for v in variants:
        why = v.unavailable()
        print(f"  {v.name:<16} {'NOT AVAILABLE: ' + why if why else v.summary}", file=log)

    writer = CsvWriter(out / "results.csv")
    start = time.monotonic()
    done: list = []

    def emit(r) -> None:
        writer.write(r)
        done.append(r)
        if r.ok:
            what = f"{r.speedup:.2f}x  ({r.seconds:.6f} s, spread {100 * (r.spread or 0):.1f}%)"
        else:
            what = r.status + (f": {r.detail[:120]}" if r.detail else "")
        note = ""
        if r.cached:
            note = " [memo store]"
        elif r.stale:
            note = " [timed again: the store's record is another code generation's]"
        print(f"    {r.variant:<16} {what}{note}", file=log, flush=True)

    def on_kernel(i: int, k) -> None:
        print(f"[{i + 1}/{len(kernels)}] {k.name}", file=log, flush=True)

    interrupted = False
    try:
        run_bench(kernels, variants, settings, repeat=args.repeat, store=store, emit=emit, on_kernel=on_kernel,
                  fresh=args.fresh)
    except KeyboardInterrupt:
        interrupted = True
        print("\ninterrupted: reporting what was measured", file=log)
    finally:
        writer.close()
        if store is not None:
            store.close()

    elapsed = time.monotonic() - start
    table = markdown(done, names, title + (" [interrupted]" if interrupted else ""))
    table += "".join("\n" + extra for extra in (v.report() for v in variants) if extra)
    (out / "results.md").write_text(table)
    if done:
        plot(done, out / "speedups.png", names, title)
    print(table)
    stale = sum(1 for r in done if r.stale)
    if stale:
        print(f"timed again: {stale} schedule(s) whose stored record timed the C of another code generation "
              "(its own record replaces it)", file=log)
    print(f"wall time {elapsed:.0f} s; wrote {out / 'results.csv'}, {out / 'results.md'}"
          + (f", {out / 'speedups.png'}" if done else ""), file=log)
    return 130 if interrupted else 0
