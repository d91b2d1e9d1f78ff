"""Compiling, running, timing and verifying instrumented programs; `compare` ties them
to the memo store.

Owns the toolchain, process handling and the Measurement/Comparison results; not the
C harness text (see `instrument`) nor the dump format (see `verify`).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.runtime.instrument import harness_source, instrument
from polyrl.runtime.store import MemoStore, Record, StoreKey, machine_fingerprint, program_hash
from polyrl.runtime.verify import Verification, compare_dumps, load_dump

COMPILE_TIMEOUT_S = 300.0
# A region whose `repeat` timed runs take less than MIN_TIMED_S runs again until they
# add up to it, at most MAX_TIMED_RUNS runs in all. The minimum of 3 runs of a 200 us
# region moves by 2x from one measurement to the next on a busy machine; the minimum of
# hundreds of runs moves by a few percent. Regions whose `repeat` runs take MIN_TIMED_S
# or more run exactly `repeat` times, as before.
MIN_TIMED_S = 0.1
MAX_TIMED_RUNS = 1000
# Such a short region is also timed in SHORT_REGION_PROCESSES processes, not one: the
# minimum moves from process to process by more than within one (blur of the seed-paper
# set at LARGE, 2.3 ms: per-process minima of the same build 2.17-2.61 ms, from where its
# arrays land in memory and what else ran at that moment), and a speedup of one process
# against one process inherited that spread (0.81x-1.14x for one pair of builds; 0.91x-
# 0.95x with three processes each). Each of them costs about MIN_TIMED_S.
SHORT_REGION_PROCESSES = 3
_OUTPUT_KEEP = 4000  # characters of stdout/stderr kept in results


@lru_cache(maxsize=16)
def _compiler_version(cc: str) -> str:
    exe = shutil.which(cc)
    if exe is None:
        raise PolyrlError(f"compiler `{cc}` not found; install it or pass --cc gcc")
    try:
        p = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise PolyrlError(f"compiler `{cc}` does not run: {e}") from None
    first = (p.stdout or p.stderr).strip().splitlines()
    return first[0] if first else cc


@dataclass(frozen=True)
class Toolchain:
    """Compiler and flags used alike for the baseline and every transformed program."""

    cc: str = "gcc"
    flags: tuple[str, ...] = ("-O3", "-march=native", "-fopenmp")
    threads: int | None = None  # OMP_NUM_THREADS; None: number of cores

    def resolved_threads(self) -> int:
        return self.threads if self.threads is not None else (os.cpu_count() or 1)

    @property
    def exact(self) -> bool:
        """Results must be bitwise equal when no floating-point contraction is allowed."""
        return "-ffp-contract=off" in self.flags

    def version(self) -> str:
        """First line of `cc --version`; PolyrlError when the compiler is missing."""
        return _compiler_version(self.cc)

    def key(self) -> str:
        return f"{self.version()} | {' '.join(self.flags)} | threads={self.resolved_threads()}"


# ---------------------------------------------------------------- build


@dataclass(frozen=True)
class BuildResult:
    status: str  # "ok", "compile-error", "compile-timeout"
    exe: Path | None
    message: str = ""  # first error lines of the compiler, for a failed build


def _first_errors(text: str, limit: int = 8) -> str:
    lines = text.splitlines()
    errs = [i for i, ln in enumerate(lines) if "error" in ln.lower()]
    start = errs[0] if errs else 0
    return "\n".join(lines[start : start + limit])


def companion_sources(source_text: str, search_dirs: tuple[str, ...]) -> tuple[str, ...]:
    """C files that implement the program's local headers: for `#include "x.h"` found in
    `search_dirs`, the `x.c` beside it (PolyBench's polybench.h and polybench.c), unless
    that file has a `main` of its own."""
    found: list[str] = []
    for name in re.findall(r'^\s*#\s*include\s+"([^"]+)\.h"', source_text, flags=re.M):
        for d in search_dirs:
            header, impl = Path(d) / f"{name}.h", Path(d) / f"{name}.c"
            if header.is_file():
                if impl.is_file() and not re.search(r"\bmain\s*\(", impl.read_text(errors="replace")):
                    found.append(str(impl.resolve()))
                break
    return tuple(dict.fromkeys(found))


def _harness_object(cc: str, flags: tuple[str, ...], timeout_s: float,
                    pause: Pause | None = None) -> Path | None:
    """The harness compiled once per (compiler, flags, harness text) into the temp folder
    and reused by every later build (it is about a third of a small program's compile
    time). None when it cannot be built; the caller then compiles the source itself."""
    text = harness_source()
    key = hashlib.sha256("\0".join([cc, _compiler_version(cc), *flags, text]).encode()).hexdigest()[:20]
    obj = Path(tempfile.gettempdir()) / f"polyrl-harness-{key}.o"
    if obj.is_file():
        return obj
    with tempfile.TemporaryDirectory(prefix="polyrl-harness-") as wd:
        (Path(wd) / "polyrl_harness.c").write_text(text)
        p = _compile([cc, *flags, "-c", "polyrl_harness.c", "-o", "h.o"], wd, timeout_s, pause)
        if p is None or p.returncode != 0:
            return None
        tmp = obj.with_name(f"{obj.name}.{os.getpid()}.tmp")
        shutil.copyfile(Path(wd) / "h.o", tmp)
        os.replace(tmp, obj)  # atomic: concurrent builders never link a partial object
    return obj


class Pause(Protocol):
    """Lets a measuring worker's gate stop a process group the worker waits for (a compile,
    a batch's warm-ups) while another worker times (polyrl.measure.gate): `started` gets the
    process group, `ended` is called once it is over, and `stopped_s` says how many seconds
    the worker's groups have been stopped in all, which their timeouts leave out."""

    def started(self, group: int) -> None: ...

    def ended(self) -> None: ...

    def stopped_s(self) -> float: ...


def stoppable_deadline(seconds: float, pause: Pause | None) -> Callable[[], float]:
    """The time.monotonic() at which `seconds` will have passed from now, the seconds `pause`'s
    gate stops the worker's processes meanwhile left out: ask it again as you wait."""
    start = time.monotonic()
    if pause is None:
        return lambda: start + seconds
    stopped0 = pause.stopped_s()
    return lambda: start + seconds + pause.stopped_s() - stopped0


def _compile(cmd: list[str], cwd: str | Path, timeout_s: float,
             pause: Pause | None = None) -> subprocess.CompletedProcess | None:
    """Run a compiler command; None when it runs over `timeout_s` (seconds it spent stopped
    by `pause`'s gate not counted). The driver and what it starts (cc1, as, ld) run in their
    own process group, which a timeout or a Ctrl-C kills whole: killing the driver alone left
    cc1 compiling on, an orphan holding a core for minutes (a 600 kB batch of generated LU
    forms, session 34)."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        if pause is not None:
            pause.started(proc.pid)
        deadline = stoppable_deadline(timeout_s, pause)
        while True:
            try:
                out, err = proc.communicate(timeout=max(0.0, deadline() - time.monotonic()))
                break
            except subprocess.TimeoutExpired:
                if deadline() > time.monotonic():
                    continue  # it was stopped meanwhile: the time left is longer
                kill_group(proc)
                proc.communicate()
                return None
    except BaseException:
        kill_group(proc)
        proc.wait()
        raise
    finally:
        if pause is not None:
            pause.ended()
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def build(
    source_text: str,
    toolchain: Toolchain,
    workdir: str | Path,
    include_dirs: tuple[str, ...] = (),
    sources: tuple[str, ...] = (),
    timeout_s: float | None = None,
    pause: Pause | None = None,
) -> BuildResult:
    """Compile an instrumented program (plus the harness) in `workdir`, for at most
    `timeout_s` seconds (default COMPILE_TIMEOUT_S), the compiler stoppable by `pause`'s gate.

    A compiler failure is a result, not an exception; only a missing compiler raises.
    """
    cc = shutil.which(toolchain.cc)
    if cc is None:
        raise PolyrlError(f"compiler `{toolchain.cc}` not found; install it or pass --cc gcc")
    limit = timeout_s if timeout_s is not None else COMPILE_TIMEOUT_S
    wd = Path(workdir)
    wd.mkdir(parents=True, exist_ok=True)
    (wd / "program.c").write_text(source_text)
    harness = _harness_object(cc, tuple(toolchain.flags), limit, pause)
    if harness is None:
        (wd / "polyrl_harness.c").write_text(harness_source())
    exe = wd / "program"
    cmd = [cc, *toolchain.flags]
    for d in include_dirs:
        cmd += ["-I", d]
    cmd += ["-o", str(exe), "program.c", str(harness) if harness else "polyrl_harness.c", *sources, "-lm"]
    p = _compile(cmd, wd, limit, pause)
    if p is None:
        return BuildResult("compile-timeout", None, f"compiler ran over {limit:g} s")
    if p.returncode != 0 or not exe.exists():
        return BuildResult("compile-error", None, _first_errors(p.stderr + p.stdout))
    return BuildResult("ok", exe)


# ---------------------------------------------------------------- run


@dataclass(frozen=True)
class RunResult:
    status: str  # "ok", "timeout", "crash", "exit-code N", "region-not-reached"
    times: tuple[float, ...]  # seconds per timed run of the region (warm-up excluded)
    dump: Path | None  # the written arrays, see verify.load_dump
    stdout: str
    stderr: str
    detail: str = ""  # e.g. "signal SIGSEGV"
    per_process: tuple[int, ...] = ()  # timed runs of each process, in `times` order (see `run`)


def format_seconds(t: float | None) -> str:
    """A duration as people read it: `1.234 s`, `12.345 ms`, `3.4 us`."""
    if t is None:
        return "-"
    if t >= 1.0:
        return f"{t:.3f} s"
    if t >= 1e-3:
        return f"{t * 1e3:.3f} ms"
    return f"{t * 1e6:.1f} us"


def _tail(s: str) -> str:
    return s if len(s) <= _OUTPUT_KEEP else "..." + s[-_OUTPUT_KEEP:]


def kill_group(proc: subprocess.Popen) -> None:
    """Kill `proc` and everything in its process group (programs run in their own)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run(
    exe: str | Path,
    timeout_s: float,
    repeat: int,
    threads: int | None = None,
    cwd: str | Path | None = None,
    min_time: float = MIN_TIMED_S,
    processes: int = SHORT_REGION_PROCESSES,
) -> RunResult:
    """Run an instrumented program: warm-up + at least `repeat` timed runs of the region,
    more (up to MAX_TIMED_RUNS) while the timed runs add up to less than `min_time` seconds.
    `repeat` 0 runs the warm-up only, for the arrays.

    A region that needed those extra runs (a short one) is timed in `processes` processes
    in all (see SHORT_REGION_PROCESSES): the result has every process's times, and the
    arrays of the first; the later ones write no arrays, and any of them failing fails
    the run.

    The dump and the times go next to the executable; `cwd` defaults to its folder.
    """
    exe = Path(exe)
    first = _run_once(exe, timeout_s, repeat, threads, cwd, min_time, arrays=True)
    if first.status != "ok" or repeat < 1 or len(first.times) <= repeat or processes <= 1:
        return first
    result = first
    for _ in range(processes - 1):
        again = _run_once(exe, timeout_s, repeat, threads, cwd, min_time, arrays=False)
        if again.status != "ok":
            return replace(again, detail=f"{again.detail or again.status} (in a later timing process)")
        result = replace(result, times=result.times + again.times, per_process=result.per_process + again.per_process)
    return result


def _run_once(exe: Path, timeout_s: float, repeat: int, threads: int | None, cwd: str | Path | None,
              min_time: float, arrays: bool) -> RunResult:
    """One process of `run`; without `arrays` the program writes no dump."""
    wd = exe.parent
    dump, times_file = wd / "dump.bin", wd / "times.txt"
    for f in (times_file, dump) if arrays else (times_file,):
        f.unlink(missing_ok=True)
    env = dict(os.environ)
    env.pop("POLYRL_DUMP", None)
    if arrays:
        env["POLYRL_DUMP"] = str(dump)
    env.update(
        POLYRL_TIMES=str(times_file),
        POLYRL_REPEAT=str(repeat),
        POLYRL_MIN_TIME=repr(float(min_time)),
        POLYRL_MAX_RUNS=str(MAX_TIMED_RUNS),  # the harness runs `repeat` first in any case
        OMP_NUM_THREADS=str(threads if threads is not None else (os.cpu_count() or 1)),
    )
    proc = subprocess.Popen(
        [str(exe)],
        cwd=cwd or wd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, killed whole on timeout
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        out, err = proc.communicate()
        return RunResult(
            "timeout",
            (),
            None,
            _tail(out.decode(errors="replace")),
            _tail(err.decode(errors="replace")),
            f"ran over {timeout_s:g} s",
        )
    except BaseException:
        # Ctrl-C (or any error) while waiting: the program has its own session, so the
        # terminal's SIGINT never reached it; stop it rather than leave it running
        kill_group(proc)
        proc.wait()
        raise
    sout, serr = _tail(out.decode(errors="replace")), _tail(err.decode(errors="replace"))
    rc = proc.returncode
    if rc < 0:
        try:
            name = signal.Signals(-rc).name
        except ValueError:
            name = str(-rc)
        return RunResult("crash", (), None, sout, serr, f"signal {name}")
    if rc != 0:
        return RunResult(
            f"exit-code {rc}", (), None, sout, serr, serr.strip().splitlines()[-1] if serr.strip() else ""
        )
    if not times_file.exists() or (arrays and not dump.exists()):
        return RunResult("region-not-reached", (), None, sout, serr, "the program never entered the region")
    times = tuple(float(x) for x in times_file.read_text().split())
    return RunResult("ok", times, dump if arrays else None, sout, serr, per_process=(len(times),))


# ---------------------------------------------------------------- measure


@dataclass(frozen=True)
class Measurement:
    """One program variant: status, every timed run, and its check against the baseline."""

    status: str  # "ok", "wrong-result", "compile-error", "timeout", "crash", "exit-code N", ...
    times: tuple[float, ...] = ()
    # None: not checked (it did not run; a baseline not checked against its reference build);
    # for a baseline, True: it agrees with its reference build (see measure_baseline)
    verified: bool | None = None
    detail: str = ""
    cached: bool = False  # answered from the memo store
    dump: dict[str, np.ndarray] | None = field(default=None, repr=False, compare=False)

    @property
    def min(self) -> float | None:
        return min(self.times) if self.times else None

    @property
    def spread(self) -> float | None:
        """(max - min) / min of the timed runs."""
        if not self.times or min(self.times) <= 0:
            return None
        return (max(self.times) - min(self.times)) / min(self.times)

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None

    def summary(self) -> str:
        """One line: "1.234 ms (min of 5, spread 3.1%)", or the status and its detail."""
        if self.status != "ok" or not self.times:
            text = self.status + (f": {self.detail}" if self.detail else "")
        else:
            text = f"{format_seconds(self.min)} (min of {len(self.times)}, spread {100 * (self.spread or 0):.1f}%)"
            if self.verified is not None:
                text += f", verified: {self.detail}"
            elif self.detail:  # e.g. a baseline whose reference build did not run
                text += f" ({self.detail})"
        return text + (" [memo store]" if self.cached else "")

    def record(self, legal: bool | None = None) -> Record:
        return Record(legal, self.status, self.times, self.verified, self.detail)

    @classmethod
    def from_record(cls, r: Record) -> Measurement:
        return cls(r.status, tuple(r.times), r.verified, r.detail, cached=True)


# The flag that stops the compiler from contracting a multiply and an add into one fused
# operation: with it, a variant computes its elements with the baseline's operations in the
# baseline's order (legality keeps the order of every element's updates, and gcc does not
# reassociate without -ffast-math), so a correct variant is bitwise equal.
NO_CONTRACTION = "-ffp-contract=off"


def without_contraction(toolchain: Toolchain) -> Toolchain:
    return toolchain if toolchain.exact else replace(toolchain, flags=(*toolchain.flags, NO_CONTRACTION))


def rounding_recheck(first: Verification, original: Callable[[], Measurement | None],
                     variant: Callable[[], Measurement]) -> Verification:
    """A comparison that failed (`first`) under a toolchain that contracts multiply-adds,
    decided again without contraction: `original()` and `variant()` build and run both
    with `without_contraction` (original() may answer None: it does not run). Bitwise
    equal there, the difference was the rounding of fused multiply-adds, which an
    ill-conditioned program (gramschmidt: 1.5% on some elements) amplifies: verified. Any
    other outcome keeps `first`: a compiler that miscompiles, or a wrong transformation,
    computes other bits without contraction too."""
    ref = original()
    if ref is None or ref.status != "ok" or ref.dump is None:
        return first
    new = variant()
    if new.status != "ok" or new.dump is None:
        return first
    v = compare_dumps(ref.dump, new.dump, exact=True)
    if not v.ok:
        return first
    return Verification(True, f"bitwise equal without multiply-add contraction ({NO_CONTRACTION}); "
                              f"with it, rounding: {first.detail}")


# A variant that differs from the original built as usual and agrees with it built without the
# compiler's auto-vectorizer (session 61: gcc 12.2 at -O3 reads a value before this iteration's
# store when it vectorizes a loop that also carries it forward with AVX-512 masks, and it
# vectorizes the outer loop of a small stencil after unrolling its inner loop completely:
# reports/session61/gcc12-miscompile/) is the compiler's wrong code, not a wrong schedule. Loops
# polyrl marks `omp simd` stay vectorized under the flag, so a wrong simd marking still fails.
NO_VECTORIZE = "-fno-tree-vectorize"
COMPILER_MISCOMPILED = "compiler-miscompiled"


def without_vectorizer(toolchain: Toolchain) -> Toolchain | None:
    """`toolchain` with the compiler's auto-vectorizer off; None where it already is."""
    return None if NO_VECTORIZE in toolchain.flags else replace(toolchain, flags=(*toolchain.flags, NO_VECTORIZE))


def vectorizer_detail(first: str) -> str:
    return (f"{first}; built with {NO_VECTORIZE} it computes the original's results: the compiler's "
            "auto-vectorizer makes the difference, not the schedule")


def vectorizer_recheck(reference: dict[str, np.ndarray], toolchain: Toolchain,
                       original: Callable[[Toolchain], Measurement | None],
                       variant: Callable[[Toolchain], Measurement]) -> bool:
    """Whether a variant whose arrays differ from `reference` (after `rounding_recheck`) computes them when built
    again with `without_vectorizer` (and, under a contracting toolchain, that build's own rounding re-check):
    then the difference is the compiler's (COMPILER_MISCOMPILED). `original(tc)` and `variant(tc)` build and run
    the original and the variant with toolchain `tc`. False where the toolchain has no vectorizer to turn off."""
    plain = without_vectorizer(toolchain)
    if plain is None:
        return False
    again = variant(plain)
    if again.status != "ok" or again.dump is None:
        return False
    v = compare_dumps(reference, again.dump, toolchain.exact)
    if not v.ok and not toolchain.exact:
        exact = without_contraction(plain)
        v = rounding_recheck(v, lambda: original(exact), lambda: variant(exact))
    return v.ok


def measure(
    scop: Scop,
    region_text: str | None,
    toolchain: Toolchain,
    repeat: int = 5,
    timeout_s: float = 60.0,
    reference: dict[str, np.ndarray] | None = None,
    workdir: str | Path | None = None,
    min_time: float = MIN_TIMED_S,
    checks: int = 1,
) -> Measurement:
    """Build and run one variant (`region_text`, or None for the original region), with
    at least `repeat` timed runs (see `run` for `min_time`).

    With a `reference` dump the result is verified against it; a mismatch gives status
    "wrong-result". `checks` > 1 runs a verified program that many times in all, each
    later run's arrays compared bitwise with the first's: a program whose results change
    from run to run (a data race) passes one comparison by chance. `workdir` keeps the build there
    (default: a temporary folder).
    """
    toolchain.version()  # a missing compiler is the user's error, raised before any work
    text = instrument(scop, region_text)
    include = (str(Path(scop.source_path).resolve().parent),) if scop.source_path else ()
    search = include + tuple(f[2:] for f in toolchain.flags if f.startswith("-I") and len(f) > 2)
    with tempfile.TemporaryDirectory(prefix="polyrl-") as tmp:
        wd = Path(workdir) if workdir is not None else Path(tmp)
        b = build(text, toolchain, wd, include, companion_sources(scop.source, search))
        if b.status != "ok":
            return Measurement(b.status, detail=b.message)
        r = run(b.exe, timeout_s, repeat, toolchain.resolved_threads(), min_time=min_time)
        if r.status != "ok":
            detail = r.detail or _first_errors(r.stderr, 4)
            return Measurement(r.status, detail=detail)
        dump = load_dump(r.dump)
        if reference is None:
            return Measurement("ok", r.times, None, "", dump=dump)
        v = compare_dumps(reference, dump, toolchain.exact)
        if not v.ok and not toolchain.exact:
            exact = without_contraction(toolchain)
            v = rounding_recheck(v, lambda: exact_original(scop, exact, timeout_s),
                                 lambda: measure(scop, region_text, exact, 0, timeout_s))
        changed = _runs_differ(b.exe, dump, checks, timeout_s, toolchain) if v.ok else None
        if changed is not None:
            return replace(changed, times=r.times, dump=dump)
        if not v.ok and region_text is not None and vectorizer_recheck(
                reference, toolchain, lambda tc: exact_original(scop, tc, timeout_s),
                lambda tc: measure(scop, region_text, tc, 0, timeout_s)):
            return Measurement(COMPILER_MISCOMPILED, (), False, vectorizer_detail(v.detail), dump=dump)
    return Measurement("ok" if v.ok else "wrong-result", r.times, v.ok, v.detail, dump=dump)


def _runs_differ(exe: Path, first: dict[str, np.ndarray], checks: int, timeout_s: float,
                 toolchain: Toolchain) -> Measurement | None:
    """None when `checks - 1` more runs of `exe` write bitwise the arrays of its first run
    (`first`); else the failed run's status, or a wrong result naming what changed. A
    deterministic program repeats itself exactly, whatever its rounding against the
    reference, so each run is compared with the first, not with the reference."""
    for k in range(2, checks + 1):
        r = run(exe, timeout_s, 0, toolchain.resolved_threads())
        if r.status != "ok":
            return Measurement(r.status, detail=f"{r.detail or _first_errors(r.stderr, 4)} (in check run {k})")
        v = compare_dumps(first, load_dump(r.dump), exact=True)
        if not v.ok:
            return Measurement("wrong-result", verified=False,
                               detail=f"run {k} of {checks}: {v.detail}, against the first run's arrays, which "
                               "matched the reference: its results change from run to run")
    return None


# the original program's arrays built without contraction, by (program, toolchain key):
# the reference of `rounding_recheck` for the next variants of the program
_EXACT_ORIGINALS: OrderedDict[tuple[str, str], Measurement] = OrderedDict()


def exact_original(scop: Scop, toolchain: Toolchain, timeout_s: float) -> Measurement:
    """The original program built with `toolchain` (one without contraction) and run once,
    remembered for the last few programs."""
    key = (program_hash(scop), toolchain.key())
    m = _EXACT_ORIGINALS.get(key)
    if m is None:
        m = measure(scop, None, toolchain, 0, timeout_s)
        _EXACT_ORIGINALS[key] = m
        while len(_EXACT_ORIGINALS) > _REFERENCES_KEEP:
            _EXACT_ORIGINALS.popitem(last=False)
    return m


# ---------------------------------------------------------------- the baseline as reference

# The status of a baseline whose output differs from its reference build's: the compiler
# miscompiled the original program, so its arrays cannot be the reference of any variant.
BASELINE_MISCOMPILED = "baseline-miscompiled"
_O_LEVEL = re.compile(r"-O(\d*|s|z|g|fast)")


def reference_toolchain(toolchain: Toolchain) -> Toolchain | None:
    """The toolchain of the reference build: the same compiler and flags with every -O level
    replaced by -O1 (no vectorizer, no -O3 complete unrolling: gcc 12.2 at -O3 vectorizes an
    outer loop across a dependence once it has unrolled the inner one). None when the
    baseline is not optimized past -O1, which leaves nothing to check."""
    levels = [f for f in toolchain.flags if _O_LEVEL.fullmatch(f)]
    if not levels or levels[-1] in ("-O", "-O0", "-O1", "-Og"):
        return None
    first = toolchain.flags.index(levels[0])
    rest = tuple(f for f in toolchain.flags if f not in levels)
    fast = ("-ffast-math",) if "-Ofast" in levels else ()  # -Ofast's arithmetic is part of its meaning
    return replace(toolchain, flags=(*rest[:first], "-O1", *fast, *rest[first:]))


class MiscompiledBaseline(PolyrlError):
    """The original program's build computes something else than its -O1 build."""


def measure_baseline(
    scop: Scop,
    toolchain: Toolchain,
    repeat: int = 5,
    timeout_s: float = 60.0,
    *,
    check: bool = True,
    known: Measurement | None = None,
    arrays: bool = True,
    runner: Callable[[Toolchain, int], Measurement] | None = None,
) -> Measurement:
    """The original program measured to serve as the reference of its variants.

    With `check`, its written arrays are compared (as `compare_dumps` compares a variant)
    with those of one run of the reference build (`reference_toolchain`): a difference
    gives status BASELINE_MISCOMPILED, no dump and a detail naming the first differing
    element and both flags; agreement gives verified=True. `known` is the store's
    measurement of it: its times are kept, and it is run again only when `arrays` are
    needed or it was never checked. `runner(toolchain, repeat)` builds and runs the
    original program (default: `measure`; the measure workers pass theirs).
    """
    def run_original(tc: Toolchain, n: int) -> Measurement:
        return runner(tc, n) if runner is not None else measure(scop, None, tc, n, timeout_s)

    if known is not None:
        if known.status == BASELINE_MISCOMPILED and not check:
            known = None  # the user trusts the baseline: measure it as it is
        elif known.status != "ok" or ((known.verified or not check) and not arrays):
            return known  # a failure is final; a checked (or trusted) baseline needs no run
    if known is None:
        base = run_original(toolchain, repeat)
    else:
        base = run_original(toolchain, 0)
        if base.status == "ok":
            base = replace(base, times=known.times, verified=known.verified, detail=known.detail, cached=True)
    ref_tc = reference_toolchain(toolchain)
    if base.status != "ok" or not check or ref_tc is None or (known is not None and known.verified):
        return base
    ref = run_original(ref_tc, 0)
    level = "-O1"
    if ref.status != "ok":
        return replace(base, verified=None, detail=f"not checked: its {level} build gave {ref.status}")
    v = compare_dumps(ref.dump, base.dump, toolchain.exact)
    if not v.ok and not toolchain.exact:
        v = rounding_recheck(v, lambda: run_original(without_contraction(ref_tc), 0),
                             lambda: run_original(without_contraction(toolchain), 0))
    if v.ok:
        return replace(base, verified=True, detail=f"agrees with its {level} build: {v.detail}")
    return Measurement(BASELINE_MISCOMPILED, base.times, False,
                       f"{v.detail}, built with `{' '.join(ref_tc.flags)}` vs `{' '.join(toolchain.flags)}`",
                       cached=base.cached)


# ---------------------------------------------------------------- compare


def reference_baseline(scop: Scop, toolchain: Toolchain, store: MemoStore | None = None, repeat: int = 5,
                       timeout_s: float = 60.0, check_reference: bool = True, arrays: bool = True) -> Measurement:
    """The baseline `compare` verifies against: the store's record first, else measured
    (and stored) by `measure_baseline`; its arrays are remembered for the next comparisons
    of the program. A baseline that does not build or run raises PolyrlError, one the
    compiler miscompiles MiscompiledBaseline (so a caller can learn either before it
    transforms anything)."""
    prog, tkey = program_hash(scop), toolchain.key()
    bkey = StoreKey(prog, "", machine_fingerprint(), tkey)
    brec = store.get(bkey) if store is not None else None
    known = Measurement.from_record(brec) if brec is not None else None
    base = measure_baseline(scop, toolchain, repeat, timeout_s, check=check_reference, known=known, arrays=arrays)
    if base.status not in ("ok", BASELINE_MISCOMPILED):
        raise _baseline_failed(scop, base)
    if base.dump is not None:
        _remember((prog, tkey, check_reference), base.dump)
    if store is not None and (known is None or base.record() != known.record()):
        store.put(bkey, base.record(legal=True))
    if base.status == BASELINE_MISCOMPILED:
        raise _miscompiled(scop, base)
    return base


@dataclass(frozen=True)
class Comparison:
    baseline: Measurement
    new: Measurement
    speedup: float | None  # baseline min / new min; None unless the new variant ran and verified
    verified: bool | None

    def summary(self) -> str:
        lines = [f"baseline: {self.baseline.summary()}", f"new:      {self.new.summary()}"]
        if self.speedup is not None:
            lines.append(f"speedup:  {self.speedup:.2f}x")
        return "\n".join(lines)


# Reference dumps of recently measured baselines, so that several schedules of one
# program verify without re-running the baseline each time: (program, toolchain, checked) -> dump.
# The key also says whether the baseline was checked against its reference build.
_REFERENCES: OrderedDict[tuple[str, str, bool], dict[str, np.ndarray]] = OrderedDict()
_REFERENCES_KEEP = 4


def _remember(key: tuple[str, str, bool], dump: dict[str, np.ndarray]) -> None:
    _REFERENCES[key] = dump
    _REFERENCES.move_to_end(key)
    while len(_REFERENCES) > _REFERENCES_KEEP:
        _REFERENCES.popitem(last=False)


def _baseline_failed(scop: Scop, m: Measurement) -> PolyrlError:
    return PolyrlError(
        f"the original program does not run under the harness ({m.status}): {m.detail}", scop.source_path
    )


def _miscompiled(scop: Scop, m: Measurement) -> MiscompiledBaseline:
    return MiscompiledBaseline(
        f"the compiler miscompiles the original program: {m.detail}; its output cannot be the "
        "reference, so nothing is verified: choose other flags (e.g. -O2), or pass --no-reference-check "
        "to trust the baseline anyway", scop.source_path)


def compare(
    scop: Scop,
    new_region_text: str,
    schedule_text: str,
    toolchain: Toolchain,
    store: MemoStore | None = None,
    repeat: int = 5,
    timeout_s: float = 60.0,
    legal: bool | None = None,
    check_reference: bool = True,
) -> Comparison:
    """Measure the baseline and the new region, verify the new one against the baseline.

    `schedule_text` must be canonical (it is the store key, "" is the baseline). Both
    measurements are looked up in `store` first; a full hit of a checked baseline compiles
    and runs nothing. The baseline comes from `measure_baseline` (checked against its -O1
    build unless `check_reference` is False). A baseline that does not build or run is the
    user's problem: PolyrlError; one the compiler miscompiles: MiscompiledBaseline.
    """
    prog, tkey = program_hash(scop), toolchain.key()
    nkey = StoreKey(prog, schedule_text, machine_fingerprint(), tkey)
    nrec = store.get(nkey) if store is not None else None
    memo = (prog, tkey, check_reference)
    base = reference_baseline(scop, toolchain, store, repeat, timeout_s, check_reference,
                              arrays=nrec is None and memo not in _REFERENCES)

    if nrec is not None:
        new = Measurement.from_record(nrec)
    else:
        ref = base.dump if base.dump is not None else _REFERENCES[memo]
        new = measure(scop, new_region_text, toolchain, repeat, timeout_s, reference=ref)
        if store is not None:
            store.put(nkey, new.record(legal))

    speedup = None
    if new.status == "ok" and new.verified and new.min and base.min:
        speedup = base.min / new.min
    return Comparison(base, new, speedup, new.verified)
