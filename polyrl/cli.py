"""The `polyrl` command: parses arguments and calls the API; user errors exit 2 in one line."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from pathlib import Path

from polyrl.arguments import (
    add_input_arguments,
    add_reference_check_argument,
    add_simd_argument,
    add_toolchain_arguments,
    load_all_programs,
    load_program,
    require_at_least_one,
    toolchain_from_args,
)
from polyrl.errors import PolyrlError
from polyrl.interrupt import exit_if_pools_left, stop_on_signals

EPILOG = """schedules are sequences of per-branch actions, e.g. "B0:T2(0,1,32,32) B0:P(0)":
  B<n>:I(a,b)             interchange levels a < b of branch n
  B<n>:R(a)               reverse level a
  B<n>:S(a,b,f)           skew level b by f * level a
  B<n>:T2(a,a+1,s1,s2)    tile two adjacent levels; T3(a,a+1,a+2,s1,s2,s3) three
  B<n>:P(a)               run level a in parallel (OpenMP)
  B<n>:U(f)               unroll the innermost loop by f
  B<n>:J(a,f)             unroll-and-jam level a by f (2..8) into the innermost loop
  B<n>:J2(a,b,f,g)        unroll-and-jam levels a < b by f and g
  B<n>:V()                write the innermost loop as explicit vector code
  B<n>:K(a,k)             pack array k (numbered by `polyrl show`) into a buffer at each iteration of level a
  B<n>:KT(a,k)            the same, the buffer transposed (a column walk becomes unit-stride)
  B<n>:E(k)               expand scalar k (of those the region writes, in order) into an array over its loops
  B0:A(f)                 isl's affine (Pluto-style) schedule for the whole scop, fusion f: 0 none,
                          1 smart, 2 max; first action only, the others apply to its loops
`polyrl show FILE.c` prints the branches (B<n>) and levels (L<k>) of each loop."""


# Commands that live with their package: each module has `register(subparsers)`, which
# adds its parser with `set_defaults(func=...)`; importing it must stay cheap.
COMMAND_MODULES: tuple[str, ...] = ("polyrl.bench.command", "polyrl.model.commands", "polyrl.generate.command",
                                    "polyrl.measure.command", "polyrl.fuzz.command",
                                    "polyrl.rl.command")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polyrl",
        description="Polyhedral loop optimizer: models C loop nests exactly (isl), applies legal "
        "transformations, emits OpenMP/vectorized C, and verifies and measures the result.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("show", help="print the loop tree with branch/level numbers, statements and accesses")
    p.set_defaults(func=cmd_show)
    add_input_arguments(p)
    p.add_argument("--schedule", default="", help="show the tree after this schedule")

    p = sub.add_parser("deps", help="print the dependences (RAW, WAR, WAW, RAR) with distance vectors")
    p.set_defaults(func=cmd_deps)
    add_input_arguments(p)
    p.add_argument("--kinds", default="RAW,WAR,WAW,RAR", help="comma-separated kinds to print")

    p = sub.add_parser(
        "workingset",
        help="print every data reuse with its working-set sizes (WS_min, WS_max) and the cache level it fits in",
        description="Data reuses (RAR/RAW/WAR/WAW per pair of references) with the working sets of the "
        "seed design: distinct elements touched from the first source instance to its first (WS_min) "
        "and last (WS_max) target, counted exactly with isl, and the fastest cache level they fit in.",
    )
    p.set_defaults(func=cmd_workingset)
    add_input_arguments(p)
    p.add_argument("--schedule", default="", help="analyse the program after this schedule (default: original order)")
    p.add_argument("--cache", default=None, metavar="L1=32K,L2=1M,L3=32M",
                   help="cache sizes, fastest first (default: this machine's, from /sys/devices/system/cpu)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="value of a size parameter the source does not fix (repeatable)")

    p = sub.add_parser(
        "optimize", help="choose a schedule (the trained policy, a measured search, or --schedule), apply it "
        "and write the transformed file",
        description="Without --schedule, the policy chooses the schedule: greedily (the most likely legal action "
        "at each step, then the shipped cost model's check, see --no-cost-model; nothing is compiled), or with "
        "--search N from N measured candidates (the greedy schedule, then samples from the policy; each is built, "
        "verified against the original and timed, and the fastest verified one is written). Illegal schedules "
        "are refused in every case.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=cmd_optimize)
    add_input_arguments(p, every_scop=True)
    p.add_argument("--schedule", default=None,
                   help='apply this schedule instead of asking the policy, e.g. "B0:T2(0,1,32,32) B0:P(0)"')
    p.add_argument("--policy", metavar="PATH",
                   help="policy checkpoint written by `polyrl train` (default: the policy shipped with polyrl)")
    p.add_argument("--search", type=int, metavar="N",
                   help="measure N distinct candidate schedules from the policy and keep the fastest verified one "
                   "(the original program counts as a candidate at 1.00x); builds use the options below")
    p.add_argument("--seed", type=int, default=0, help="seed of the policy's samples under --search (default 0)")
    p.add_argument("--no-cost-model", dest="cost_check", action="store_false",
                   help="take the policy's greedy schedule as it is. By default the cost model shipped with "
                   "polyrl predicts the times of that schedule, of each schedule that leaves out one of its "
                   "actions, and of the original program, and the predicted fastest is used (no measurement); "
                   "a schedule of the whole program in the Pluto form (F) is kept as it is, or its plan on the "
                   "loops as written is taken where the cost model predicts that faster, and where the original "
                   "loops would stay, the program's Pluto form (so chosen) is used instead; either form is then "
                   "left out where two more cost models (costmodel-forms.pt and costmodel-forms-tuned.pt; on AMD "
                   "machines each stands for its fine-tunes on AMD labels, on AMD CPU family 23 for one taught that "
                   "family's labels) both predict the original loops faster")
    p.add_argument("--macro-pick", action=argparse.BooleanOptionalAction, default=None,
                   help="after the cost model's check, let the two forms cost models pick between the checked schedule "
                   "and the program's macro schedules (tile, pack, register-block, vector code, parallel; interchange "
                   "for column walks; skew and tile for stencils): a macro schedule is taken where both predict it at "
                   "least 1.25x faster; optimize then says where the mean of their logs predicts the result slower "
                   "than the original loops. On by default with the cost model (it raised held-out sets of generated "
                   "programs by 0-24%%, measured on three machines); --no-macro-pick keeps the checked schedule and "
                   "chooses several times faster")
    p.add_argument("-o", "--output", help="output file (default FILE.polyrl.c next to the input)")
    add_simd_argument(p)
    add_toolchain_arguments(p)
    add_reference_check_argument(p)

    p = sub.add_parser("run", help="compile, verify and time the original and the transformed program",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=cmd_run)
    add_input_arguments(p)
    p.add_argument("--schedule", default="", help="schedule to apply (default: none, i.e. codegen round trip)")
    add_simd_argument(p)
    add_toolchain_arguments(p)
    add_reference_check_argument(p)
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return parser


def cmd_show(args) -> int:
    from polyrl.poly.describe import format_header, format_nest

    prog = load_program(args)
    nest = prog.apply(args.schedule).nest if args.schedule else prog.model.original
    print(format_header(prog.scop))
    print(format_nest(prog.scop, nest))
    if nest.arrays:
        print("arrays (k of K(a,k)): " + ", ".join(f"{k} {a}" for k, a in enumerate(nest.arrays)))
    return 0


def cmd_deps(args) -> int:
    from polyrl.poly.describe import format_dependences, format_header

    kinds = tuple(k.strip().upper() for k in args.kinds.split(",") if k.strip())
    bad = [k for k in kinds if k not in ("RAW", "WAR", "WAW", "RAR")]
    if bad:
        raise PolyrlError(f"unknown dependence kind {bad[0]}; use RAW, WAR, WAW, RAR")
    prog = load_program(args)
    print(format_header(prog.scop))
    print(format_dependences(prog.scop, prog.dependences(kinds)))
    return 0


def parse_param_values(items: list[str], what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        name, sep, value = item.partition("=")
        try:
            out[name.strip()] = int(value)
        except ValueError:
            raise PolyrlError(f"{what} `{item}` must be NAME=INTEGER") from None
        if not sep or not name.strip():
            raise PolyrlError(f"{what} `{item}` must be NAME=INTEGER")
    return out


def cmd_workingset(args) -> int:
    from polyrl.machine import detect_caches, parse_caches
    from polyrl.poly.workingset import working_sets
    from polyrl.poly.workingset_report import format_report

    prog = load_program(args)
    nest = prog.apply(args.schedule).nest if args.schedule else prog.model.original
    if args.cache:
        caches, origin = parse_caches(args.cache), "given"
    else:
        caches, origin = detect_caches(), "this machine"
    report = working_sets(prog.scop, nest, params=parse_param_values(args.param, "--param"), caches=caches)
    print(format_report(prog.scop, report, origin))
    return 0


def cmd_optimize(args) -> int:
    if args.schedule is not None and (args.search is not None or args.policy is not None or not args.cost_check
                                      or args.macro_pick is not None):
        raise PolyrlError("--schedule chooses the schedule itself; drop --search, --policy, --no-cost-model and "
                          "--(no-)macro-pick, or --schedule")
    if args.macro_pick and not args.cost_check:
        raise PolyrlError("--macro-pick comes after the cost model's check; drop --no-cost-model or --macro-pick")
    if args.search is not None and args.search < 1:
        raise PolyrlError("--search N needs N >= 1 measurements")
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise PolyrlError("the folder to write into does not exist; create it first", str(Path(args.output).parent))
    if args.output and Path(args.output).is_dir():
        raise PolyrlError("is a folder; give the file to write", args.output)
    if args.search is not None and args.simd != "auto":
        # the memo store keys candidates by schedule text, which does not say where simd went
        raise PolyrlError("--search measures its candidates with --simd auto; drop --simd")
    require_at_least_one(args, "repeat")
    if args.scop is not None or args.schedule is not None:
        # a schedule names the branches of one scop: the first, or --scop K
        if args.scop is None:
            args.scop = 0
        programs, refused = [load_program(args)], []
    else:
        programs, refused = load_all_programs(args)
    out = Path(args.output) if args.output else Path(args.file).with_suffix(".polyrl.c")
    many = len(programs) > 1 or bool(refused)
    replacements = []
    for k, prog in enumerate(programs):
        if many:
            scop = prog.scop
            first, last = (scop.source.count("\n", 0, i) + 1 for i in scop.region)
            print(f"scop {k}: function `{scop.function}`, lines {first}-{last}")
        if args.schedule is not None:
            schedule = args.schedule
        else:
            schedule = _policy_schedule(prog, args)
            if schedule is None:
                return 130
        opt = prog.apply(schedule, args.simd)
        replacements.append((prog.scop.region, opt.region_text))
        if not many:
            opt.write(out)
            print(f"wrote {out} (schedule: {str(opt.schedule) or 'none'})")
            return 0
    for e in refused:
        print(f"skipped: {e}")
    from polyrl.api import with_regions

    out.write_text(with_regions(programs[0].scop.source, replacements))
    print(f"wrote {out} ({len(programs)} scop(s) optimized"
          + (f", {len(refused)} loop nest(s) skipped: see above)" if refused else ")"))
    return 0


def _policy_schedule(prog, args) -> str | None:
    """The policy's greedy schedule, or the best of --search N measured candidates (None:
    the search was interrupted before measuring anything)."""
    from polyrl.runtime import MemoStore
    from polyrl.runtime.execute import format_seconds
    from polyrl.search import Policy, policy_search

    # the pick unless --no-macro-pick; without the check there is none
    policy = Policy.load(args.policy, check=args.cost_check, pick=args.macro_pick is not False)
    if args.search is None:
        inference = policy.greedy(prog)
        print(f"policy {policy.path}: chose in {format_seconds(inference.seconds)} ({inference.steps} steps)")
        if inference.macro:
            who = "both forms cost models predict" if policy.pick_also is not None else "the cost model predicts"
            print(f"macro pick: {who} the macro schedule `{inference.macro}` at least {inference.predicted_gain:.2f}x "
                  f"faster than the checked greedy schedule (the policy's own: `{inference.proposed or 'none'}`); "
                  "--no-macro-pick keeps the checked schedule")
        elif inference.original_instead:
            print(f"check: the cost model predicts the policy's whole-program form `{inference.proposed}` "
                  f"{inference.predicted_gain:.2f}x slower than the original loops, which are kept "
                  "(--no-cost-model keeps the policy's)")
        elif inference.form_instead:
            print(f"check: the policy's `{inference.proposed or 'none'}` "
                  + ("keeps the original loops" if not inference.proposed.actions
                     else f"is predicted {inference.predicted_gain:.2f}x slower than the original loops")
                  + "; the program's Pluto form (F"
                  + (", its plan on the loops as written, which the cost model predicts faster than on isl's"
                     if inference.source_loops else "")
                  + ") is used in their place (--no-cost-model keeps the policy's)")
        elif inference.proposed is not None:
            print(f"cost model: predicts the policy's `{inference.proposed or 'none'}` {inference.predicted_gain:.2f}x "
                  "slower than the schedule below (--no-cost-model keeps the policy's)")
        if inference.original_faster > 1:
            who = "the two forms cost models predict" if policy.pick_also is not None else "the cost model predicts"
            print(f"note: {who} this schedule {inference.original_faster:.2f}x slower than the original loops "
                  "(the mean of their logs); it is written as chosen: --search N measures it against them")
        print(f"schedule: {inference.text or 'none (the original loops are kept)'}")
        return inference.text

    def show(k: int, candidate) -> None:
        print(f"[{k}/{args.search}] {candidate.summary()}", flush=True)

    toolchain = toolchain_from_args(args)
    store = MemoStore(args.store) if args.store else None
    try:
        result = policy_search(prog, policy, args.search, toolchain, seed=args.seed, store=store,
                               repeat=args.repeat, timeout_s=args.timeout, on_candidate=show,
                               check_reference=args.reference_check)
    finally:
        if store is not None:
            store.close()
    best = result.best
    measured = len(result.candidates)
    timed = [c.comparison for c in result.candidates if c.comparison is not None]
    if timed and timed[0].baseline.min is not None:
        print(f"baseline: the original program built with {toolchain.cc} {' '.join(toolchain.flags)}, "
              f"{format_seconds(timed[0].baseline.min)} (min of its runs)")
    print(f"best of {measured} candidate(s){' (interrupted)' if result.interrupted else ''}: "
          + (f"{best.speedup:.2f}x  {best.schedule}" if best.schedule
             else "the original program (no candidate beat it)"))
    if result.interrupted and not measured:
        return None
    return best.schedule


def cmd_run(args) -> int:
    from polyrl.runtime import MemoStore

    prog = load_program(args)
    opt = prog.apply(args.schedule, args.simd)
    toolchain = toolchain_from_args(args)
    store = MemoStore(args.store) if args.store else None
    result = opt.run(toolchain=toolchain, repeat=args.repeat, store=store, timeout_s=args.timeout,
                     check_reference=args.reference_check)
    print(result.summary() if hasattr(result, "summary") else result)
    return 0 if getattr(result, "verified", False) else 1




def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        with stop_on_signals():
            return args.func(args)
    except PolyrlError as err:
        print(f"polyrl: error: {err}" if err.path is None else str(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("polyrl: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader of the output went away (`polyrl dataset stats | head`): no traceback; Python's own
        # flush of stdout at exit would fail again, so stdout goes to /dev/null first
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # as a program killed by SIGPIPE


def run() -> None:
    """The `polyrl` program: `main`, then the process ends with its exit status, without waiting for a worker pool
    that did not stop after Ctrl-C (polyrl.interrupt.exit_if_pools_left)."""
    code = main()
    exit_if_pools_left(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
