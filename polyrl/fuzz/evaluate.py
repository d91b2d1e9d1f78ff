"""One program under the fuzzer: its baseline, each schedule's verdict and run, and the
minimal reproducer of every failure.

Owns the per-schedule rule: the legality check (`legality.apply_schedule`, the one every
user path takes) decides; an accepted schedule must run and give bitwise the results of
the original program (its -O0 build, see `_load_case`), anything else is a failure,
which is minimized (actions dropped one at a time while the failure remains) and saved
under `<out>/failures/`. A refused schedule is
applied unchecked (`sampler.apply_unchecked`), emitted and run once, to learn whether
the refusal was needed. Drawing schedules is `sampler`'s job; summing up is `report`'s.
"""

from __future__ import annotations

import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from polyrl.codegen import region_text
from polyrl.errors import PolyrlError
from polyrl.fuzz.sampler import apply_unchecked, draw_schedules
from polyrl.poly.legality import Model, apply_schedule, check
from polyrl.poly.schedule import Action, Schedule
from polyrl.poly.transform import LoopNest, apply_action
from polyrl.runtime import Toolchain, compare_dumps, measure

if TYPE_CHECKING:
    from polyrl.generate.patterns import Weights

# Statuses of a run (polyrl.runtime's, with "verified" for a run that matched) plus:
#   emit-error      code generation raised
#   internal-error  anything else raised (the check itself, the canonical text)
#   inapplicable    an action names a branch or level that does not exist
#   miscompiled     wrong, and bitwise what the optimized original gives where that is
#                   itself wrong (see _load_case): the compiler's bug, not the schedule's
RUN_DIFFERS = ("wrong-result", "crash", "timeout", "region-not-reached")  # and "exit-code N"
FIRST_DIFFERENCES = 10
TIMEOUT_RETRY_FACTOR = 4
FAILURES = "failures"
PROGRAM_ERRORS = "program-errors"
MISCOMPILED = "miscompiled-baselines"


@dataclass(frozen=True)
class FuzzSettings:
    """How the original and every variant are built and run (the reference: see `reference_toolchain`)."""

    cc: str = "gcc"
    flags: tuple[str, ...] = ("-O3", "-march=native", "-fopenmp", "-ffp-contract=off")
    threads: int = 2  # more than one, so that a parallel loop with a race can show it
    timeout_s: float = 10.0
    simd: str = "always"  # `omp simd` on every loop the check calls dependence-free
    target_ms: float = 0.3  # estimated baseline time the generated programs are sized to
    out: str | None = None  # reproducers go to <out>/failures/; None: none are written
    minimize: bool = True

    def toolchain(self) -> Toolchain:
        # bitwise comparison needs the same floating-point operations in the same order
        flags = self.flags if "-ffp-contract=off" in self.flags else (*self.flags, "-ffp-contract=off")
        return Toolchain(cc=self.cc, flags=flags, threads=self.threads)

    def reference_toolchain(self) -> Toolchain:
        """The original program unoptimized: what its results are, whatever the optimizer does."""
        keep = tuple(f for f in self.flags if f.startswith(("-D", "-I", "-std", "-include")))
        return Toolchain(cc=self.cc, flags=("-O0", "-fopenmp", "-ffp-contract=off", *keep), threads=self.threads)


@dataclass
class Evaluation:
    """One schedule of one program: what the check said and what the run gave."""

    program: str  # prog_000042
    k: int  # index of the schedule within the program
    schedule: str
    verdict: str  # "accepted", "refused", "inapplicable", "check-error"
    status: str  # "verified", a runtime status, "emit-error", "internal-error", "inapplicable"
    detail: str = ""
    refused_action: str = ""  # the first action the check refused
    refusal: str = ""  # the check's message: the action and the dependence it breaks
    final_legal: bool | None = None  # refused: whether the whole unchecked schedule passes the check
    seconds: float = 0.0
    minimized: str = ""  # failures: the shortest schedule that still fails
    reproducer: str = ""  # failures: folder of the reproducer

    @property
    def failed(self) -> bool:
        """A schedule the check let through (or choked on) that did not verify."""
        return self.verdict == "check-error" or (
            self.verdict == "accepted" and self.status not in ("verified", "miscompiled"))

    @property
    def differs(self) -> bool:
        """Refused, and the unchecked program really computes something else (or breaks)."""
        return self.verdict == "refused" and (self.status in RUN_DIFFERS or self.status.startswith("exit-code"))

    @property
    def harmless(self) -> bool:
        """Refused, yet the unchecked program gave bitwise the baseline's results."""
        return self.verdict == "refused" and self.status == "verified"


@dataclass
class ProgramResult:
    name: str
    index: int
    seed: int
    patterns: list[str] = field(default_factory=list)
    branches: int = 0
    evaluations: list[Evaluation] = field(default_factory=list)
    error: str = ""  # the program itself failed (generation, front end, baseline)
    miscompiled_baseline: str = ""  # the original built with the fuzzing flags differs from its -O0 build
    seconds: float = 0.0


@dataclass
class _Case:
    """A loaded program with its reference results: what every schedule is checked against."""

    name: str
    path: Path
    model: Model
    reference: dict[str, np.ndarray]
    settings: FuzzSettings
    toolchain: Toolchain
    miscompiled_baseline: str = ""  # how the optimized original differs from the reference, if it does
    optimized: dict[str, np.ndarray] | None = None  # the optimized original's results, when they are wrong


@dataclass
class _Artifacts:
    """What a reproducer shows besides the evaluation."""

    region: str = ""
    differences: list[str] = field(default_factory=list)
    trace: str = ""


# ---------------------------------------------------------------- one schedule


def _refusal(model: Model, schedule: Schedule) -> tuple[Action, str, bool] | None:
    """(action, message, structural) of the first action that fails, replaying the
    checked application step by step; None when every step passes."""
    nest = model.original
    for action in schedule.actions:
        try:
            nest = apply_action(nest, action)
        except PolyrlError as e:
            return action, e.message, True
        try:
            check(model, nest, action)
        except PolyrlError as e:
            return action, e.message, False
    return None


def _passes_check(model: Model, nest: LoopNest) -> bool:
    try:
        check(model, nest)
    except PolyrlError:
        return False
    return True


def _value(x: np.generic) -> str:
    if isinstance(x, np.floating):
        return repr(float(x))
    if isinstance(x, np.integer):
        return str(int(x))
    return bytes(x).hex()


def first_differences(ref: dict[str, np.ndarray], new: dict[str, np.ndarray],
                      limit: int = FIRST_DIFFERENCES) -> list[str]:
    """The first `limit` elements that are not bitwise equal, `A[1][2]: 0.5 vs 0.25`,
    and a count line per array that differs."""
    out: list[str] = []
    shown = 0
    for name in ref:
        a, b = ref[name], new.get(name)
        if b is None or a.dtype != b.dtype or a.shape != b.shape:
            out.append(f"{name}: {a.dtype}{list(a.shape)} vs "
                       f"{'missing' if b is None else f'{b.dtype}{list(b.shape)}'}")
            continue
        if a.dtype.kind == "f" and a.dtype.itemsize in (4, 8):
            u = np.dtype(f"<u{a.dtype.itemsize}")
            same = a.view(u) == b.view(u)
        else:
            same = a == b
        bad = np.argwhere(~np.asarray(same))
        if len(bad) == 0:
            continue
        out.append(f"{name}: {len(bad)} of {a.size} elements differ")
        for idx in bad[:limit - shown]:
            at = tuple(int(i) for i in idx)
            out.append(f"  {name}{''.join(f'[{i}]' for i in at)}: {_value(a[at])} vs {_value(b[at])}")
            shown += 1
    return out


def evaluate_schedule(case: _Case, k: int, schedule: Schedule) -> tuple[Evaluation, _Artifacts]:
    """The verdict of the check and the outcome of one run (see the module doc)."""
    t0 = time.monotonic()
    text = str(schedule)
    ev = Evaluation(case.name, k, text, "accepted", "verified")
    art = _Artifacts()
    model = case.model

    def done() -> tuple[Evaluation, _Artifacts]:
        ev.seconds = round(time.monotonic() - t0, 4)
        return ev, art

    try:
        if Schedule.parse(text) != schedule:
            raise AssertionError(f"the canonical text `{text}` does not parse back to the same schedule")
        try:
            nest = apply_schedule(model, schedule)
        except PolyrlError:
            found = _refusal(model, schedule)
            if found is None:
                raise AssertionError("apply_schedule refused a schedule whose every step passes the check") from None
            action, message, structural = found
            ev.refused_action, ev.refusal = str(action), message
            if structural:
                ev.verdict = ev.status = "inapplicable"
                return done()
            ev.verdict = "refused"
            nest = apply_unchecked(model.original, schedule)
            ev.final_legal = _passes_check(model, nest)
    except Exception as e:  # a crash of the check is a finding, not the end of the run
        ev.verdict, ev.status, ev.detail = "check-error", "internal-error", f"{type(e).__name__}: {e}"
        art.trace = traceback.format_exc()
        return done()

    try:
        art.region = region_text(model, nest, case.settings.simd)
    except Exception as e:
        ev.status, ev.detail = "emit-error", f"{type(e).__name__}: {e}"
        art.trace = traceback.format_exc()
        return done()

    try:
        m = measure(model.scop, art.region, case.toolchain, repeat=0, timeout_s=case.settings.timeout_s,
                    reference=case.reference)
        if ev.verdict == "accepted" and (m.status == "timeout" or m.detail == "signal SIGKILL"):
            # inner parallel loops fork threads per outer iteration; on a loaded machine that
            # alone can pass the limit (and a SIGKILL comes from outside: a timeout kill, the
            # OOM killer), so an accepted schedule gets one longer chance
            m = measure(model.scop, art.region, case.toolchain, repeat=0,
                        timeout_s=TIMEOUT_RETRY_FACTOR * case.settings.timeout_s, reference=case.reference)
    except Exception as e:
        ev.status, ev.detail = "internal-error", f"{type(e).__name__}: {e}"
        art.trace = traceback.format_exc()
        return done()
    ev.status = "verified" if m.status == "ok" and m.verified else m.status
    ev.detail = m.detail.strip().splitlines()[0] if m.detail.strip() else ""
    if ev.status == "wrong-result" and m.dump is not None:
        art.differences = first_differences(case.reference, m.dump)
        if case.optimized is not None and compare_dumps(case.optimized, m.dump, exact=True).ok:
            ev.status = "miscompiled"
    return done()


# ---------------------------------------------------------------- failures


def _same_failure(ev: Evaluation, status: str) -> bool:
    return ev.failed and ev.status == status


def minimize(case: _Case, schedule: Schedule, ev: Evaluation,
             art: _Artifacts) -> tuple[Schedule, Evaluation, _Artifacts]:
    """Drop actions one at a time while the schedule still fails the way `ev` did."""
    k, status = ev.k, ev.status
    best, best_ev, best_art = schedule, ev, art
    progress = True
    while progress and best.actions:  # down to the empty schedule: a failing round trip is codegen
        progress = False
        for i in range(len(best.actions)):
            candidate = Schedule(best.actions[:i] + best.actions[i + 1 :])
            ev, art = evaluate_schedule(case, k, candidate)
            if _same_failure(ev, status):
                best, best_ev, best_art, progress = candidate, ev, art, True
                break
    return best, best_ev, best_art


def _command(settings: FuzzSettings, schedule: str) -> str:
    flags = " ".join(settings.toolchain().flags)
    return (f'polyrl run program.c --schedule "{schedule}" --simd {settings.simd} '
            f'--threads {settings.threads} --repeat 1 --flags "{flags}"')


def write_reproducer(case: _Case, ev: Evaluation, art: _Artifacts, original: Evaluation,
                     original_art: _Artifacts) -> Path:
    """<out>/failures/<program>_s<k>/: program.c, schedule.txt, diff.txt, emitted.c, README.txt."""
    assert case.settings.out is not None
    folder = Path(case.settings.out) / FAILURES / f"{case.name}_s{ev.k:02d}"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(case.path, folder / "program.c")
    (folder / "schedule.txt").write_text(ev.schedule + "\n")
    scop = case.model.scop
    if art.region:
        start, end = scop.region
        (folder / "emitted.c").write_text(scop.source[:start] + art.region + scop.source[end:])
    diff = [f"status: {ev.status}", f"detail: {ev.detail}"]
    if art.differences:
        diff += ["first differing elements (original vs transformed):", *art.differences]
    (folder / "diff.txt").write_text("\n".join(diff) + "\n")
    if art.trace:
        (folder / "traceback.txt").write_text(art.trace)
    readme = [
        f"polyrl fuzz failure: {case.name}, schedule {ev.k}",
        f"verdict of the legality check: {ev.verdict}",
        f"status: {ev.status} -- {ev.detail}",
        f"schedule (minimized): {ev.schedule}",
        f"schedule (as drawn):  {original.schedule} ({original.status}: {original.detail})",
        "",
        "reproduce:",
        "  " + _command(case.settings, ev.schedule),
        "",
        "files: program.c (the generated program), schedule.txt, emitted.c (program.c with the",
        "region as polyrl emitted it for the minimized schedule), diff.txt (first differing elements",
        "against the reference: program.c built with " + " ".join(case.settings.reference_toolchain().flags) + ")",
    ]
    if case.miscompiled_baseline:
        readme += ["", "note: program.c itself, built with the fuzzing flags, already differs from the reference:",
                   "  " + case.miscompiled_baseline, "so `polyrl run`, which checks against that build, may disagree"]
    if original_art.differences and original.schedule != ev.schedule:
        readme += ["", "first differences of the schedule as drawn:", *original_art.differences]
    (folder / "README.txt").write_text("\n".join(readme) + "\n")
    return folder


# ---------------------------------------------------------------- one program


def _load_case(name: str, path: Path, settings: FuzzSettings) -> _Case:
    """Load the program and run the original twice, unoptimized (the reference every
    variant is checked against) and with the fuzzing flags; PolyrlError when one fails.

    The reference is the -O0 build because the optimizer can be wrong too: gcc 12.2 at
    -O3 -mavx2 computes a wrong stencil when it vectorizes a loop around a fully
    unrolled short inner loop (the untouched original, no pragma involved), and every
    correct schedule of such a program would be blamed for it. Such a program is
    recorded (`miscompiled_baseline`) and its schedules are still checked.
    """
    from polyrl.api import load

    prog = load(path)
    tc = settings.toolchain()
    ref = measure(prog.scop, None, settings.reference_toolchain(), repeat=0, timeout_s=settings.timeout_s)
    base = measure(prog.scop, None, tc, repeat=0, timeout_s=settings.timeout_s, reference=ref.dump)
    for m in (ref, base):
        if m.status not in ("ok", "wrong-result") or m.dump is None:
            raise PolyrlError(f"the original program does not run ({m.status}): {m.detail}", str(path))
    case = _Case(name, path, prog.model, ref.dump, settings, tc)
    if base.status == "wrong-result":
        case.miscompiled_baseline, case.optimized = base.detail, base.dump
    return case


def _run_schedules(case: _Case, schedules: list[Schedule], result: ProgramResult) -> None:
    for k, schedule in enumerate(schedules):
        ev, art = evaluate_schedule(case, k, schedule)
        if ev.failed and case.settings.out is not None:
            small, small_ev, small_art = (minimize(case, schedule, ev, art) if case.settings.minimize
                                          else (schedule, ev, art))
            folder = write_reproducer(case, small_ev, small_art, ev, art)
            ev.minimized, ev.reproducer = str(small), str(folder)
        result.evaluations.append(ev)


def evaluate_program(path: str | Path, schedules: list[Schedule], settings: FuzzSettings,
                     name: str | None = None) -> ProgramResult:
    """Every schedule of one C file (its first scop) against its baseline."""
    path = Path(path)
    t0 = time.monotonic()
    result = ProgramResult(name or path.stem, -1, 0)
    try:
        case = _load_case(result.name, path, settings)
        result.miscompiled_baseline = case.miscompiled_baseline
        result.branches = len(case.model.original.branches())
        _run_schedules(case, schedules, result)
    except PolyrlError as e:
        result.error = str(e)
    result.seconds = round(time.monotonic() - t0, 3)
    return result


@dataclass(frozen=True)
class ProgramJob:
    """Program `index` of the corpus of `corpus_seed`, with `schedules` random schedules."""

    index: int
    corpus_seed: int
    schedules: int
    settings: FuzzSettings
    weights: Weights | None = None  # the generator's (None: its defaults)


def fuzz_program(job: ProgramJob) -> ProgramResult:
    """Generate program `job.index`, draw its schedules, evaluate them; never raises for
    what a program or schedule does (that is recorded in the result)."""
    from polyrl.generate.corpus import program_name, program_seed
    from polyrl.generate.program import generate_program, size_program

    t0 = time.monotonic()
    name, seed = program_name(job.index), program_seed(job.corpus_seed, job.index)
    result = ProgramResult(name, job.index, seed)
    with tempfile.TemporaryDirectory(prefix="polyrl-fuzz-") as tmp:
        path = Path(tmp) / f"{name}.c"
        try:
            prog = size_program(generate_program(seed, job.weights), job.settings.target_ms)
            result.patterns = list(prog.patterns)
            path.write_text(prog.c_text())
            case = _load_case(name, path, job.settings)
            result.miscompiled_baseline = case.miscompiled_baseline
            nest = case.model.original
            result.branches = len(nest.branches())
            schedules = draw_schedules(nest, job.schedules, job.corpus_seed, job.index)
            _run_schedules(case, schedules, result)
        except PolyrlError as e:
            result.error = str(e)
        except Exception as e:  # one program's crash must not end the run
            result.error = f"{type(e).__name__}: {e} (in {traceback.extract_tb(e.__traceback__)[-1].name})"
        for folder, note in ((PROGRAM_ERRORS, result.error), (MISCOMPILED, result.miscompiled_baseline)):
            if note and job.settings.out is not None and path.exists():
                keep = Path(job.settings.out) / folder
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, keep / path.name)
                (keep / f"{name}.txt").write_text(note + "\n")
    result.seconds = round(time.monotonic() - t0, 3)
    return result
