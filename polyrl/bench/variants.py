"""Bench variants: the ways one kernel is built and run, side by side with the baseline.

Owns the variant registry and the built-in variants (base, graphite, polly, pluto,
polyrl-schedule, polyrl-affine, polyrl-policy, polyrl-search, random-search); not timing or verification
(polyrl.runtime), the policy or the searches (polyrl.search), nor reports. A variant
says whether its tools exist (`unavailable`) and, per kernel, how to build it
(`prepare`): a toolchain plus the text that replaces the region (None: the original
region). Adding a variant, e.g. one whose region comes from a learned policy or a
search, is one subclass of `Variant` decorated with `@register_variant`.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import ClassVar

from polyrl.api import Program
from polyrl.bench.suite import Kernel
from polyrl.errors import PolyrlError
from polyrl.poly.macros import PROFILES, macro_schedule
from polyrl.runtime import MemoStore, Toolchain

BASE_FLAGS: tuple[str, ...] = ("-O3", "-march=native", "-fopenmp")
POLLY_FLAGS: tuple[str, ...] = (
    "-O3", "-march=native", "-mllvm", "-polly", "-mllvm", "-polly-parallel",
    "-mllvm", "-polly-vectorizer=stripmine", "-fopenmp",
)
POLLY_PACKAGES = "clang-16 libpolly-16-dev libomp-16-dev"


@dataclass(frozen=True)
class Settings:
    """What every variant of one bench run shares."""

    dataset: str = "MINI"
    threads: int = field(default_factory=lambda: os.cpu_count() or 1)
    schedules: Mapping[str, str] = field(default_factory=dict)  # kernel name -> schedule text
    timeout_s: float = 300.0
    policy: str | None = None  # policy checkpoint of polyrl-policy/polyrl-search (None: the shipped one)
    search_budget: int = 32  # measured candidates per kernel of polyrl-search and random-search
    repeat: int = 5  # timed runs per candidate measured by the searches
    store: MemoStore | None = None  # where the searches look up and keep their measurements
    reference_check: bool = True  # compare each base build with its -O1 build (runtime.measure_baseline)
    polycc: str | None = None  # PLUTO's polycc (None: $POLYRL_POLYCC, else `polycc` on PATH)
    verify_runs: int = 1  # runs of a verified variant in all, the later ones' arrays bitwise equal to the first's


@dataclass(frozen=True)
class Case:
    """One kernel, parsed, at one size class."""

    kernel: Kernel
    program: Program
    dataset: str

    @property
    def flags(self) -> tuple[str, ...]:
        return self.kernel.compile_flags(self.dataset)

    def parse_again(self) -> Program:
        """The kernel parsed anew: a program that shares no cached analysis with `program`
        (what a policy caches on a program, and on its scop, makes the next policy's
        inference on it look 2-10x faster)."""
        return self.kernel.load(self.dataset)


@dataclass(frozen=True)
class Build:
    """How to build a variant of a kernel."""

    toolchain: Toolchain
    region_text: str | None = None  # None: the original region
    key: str = ""  # memo-store key of the region text: "" original, else a schedule or tag


@dataclass(frozen=True)
class Skip:
    """A variant that is not run for a kernel (status e.g. "no-schedule"), with why."""

    status: str
    detail: str = ""


class Variant:
    """One column of the bench table. Subclasses set `name` and `summary`."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    # True where the variant chose its schedule by timing candidates (the searches): the store's
    # time of that schedule is the least of several noisy timings, so its row is timed afresh
    chosen_by_timing: ClassVar[bool] = False

    def __init__(self, settings: Settings):
        self.settings = settings

    def unavailable(self) -> str | None:
        """None when the variant's tools are present, otherwise why it cannot run."""
        return None

    def prepare(self, case: Case) -> Build | Skip:
        raise NotImplementedError

    def report(self) -> str:
        """Markdown the variant adds below the bench table (what it measured besides the
        times of its builds); "" for nothing."""
        return ""


_REGISTRY: dict[str, type[Variant]] = {}


def register_variant(cls: type[Variant]) -> type[Variant]:
    """Class decorator adding a variant under its `name` (a later one replaces it)."""
    if not cls.name:
        raise ValueError(f"{cls.__qualname__} has no name")
    _REGISTRY[cls.name] = cls
    return cls


def unregister_variant(name: str) -> None:
    _REGISTRY.pop(name, None)


def variant_names() -> list[str]:
    return list(_REGISTRY)


def make_variants(names: list[str], settings: Settings) -> list[Variant]:
    """The variants of `names`; `polyrl-policy@PATH` is one more greedy policy column, for
    the checkpoint at PATH, beside `polyrl-policy`'s."""
    unknown = [n for n in names if n not in _REGISTRY and not n.startswith(OTHER_POLICY)]
    if unknown:
        raise PolyrlError(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(_REGISTRY)}, "
                          f"{OTHER_POLICY}PATH")
    out: list[Variant] = []
    for n in dict.fromkeys(names):
        if n.startswith(OTHER_POLICY):
            path = n.removeprefix(OTHER_POLICY)
            if not path:
                raise PolyrlError(f"`{n}`: give the policy checkpoint after the @")
            out.append(PolicyVariant(settings, path=path, name=n))
        else:
            out.append(_REGISTRY[n](settings))
    return out


# ---------------------------------------------------------------- compilers

_PROBE = r"""
#include <stdio.h>
#define N 64
static double A[N][N], B[N][N], C[N][N];
int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (double)(i + j) / N;
      B[i][j] = (double)(i - j) / N;
    }
#pragma omp parallel for private(j, k)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  printf("%g\n", C[1][2]);
  return 0;
}
"""


@cache
def probe(cc: str, flags: tuple[str, ...]) -> str | None:
    """None when `cc flags` compiles, links and runs a small OpenMP loop nest without a
    single warning (a compiler that ignores an optimizer flag says so in a warning),
    otherwise the first line of what went wrong. Cached for the process."""
    exe = shutil.which(cc)
    if exe is None:
        return f"`{cc}` not found"
    with tempfile.TemporaryDirectory(prefix="polyrl-probe-") as tmp:
        (Path(tmp) / "probe.c").write_text(_PROBE)
        try:
            p = subprocess.run([exe, *flags, "-Werror", "probe.c", "-o", "probe"], cwd=tmp,
                               capture_output=True, text=True, timeout=120)
            if p.returncode != 0:
                lines = [ln for ln in (p.stderr + p.stdout).splitlines() if ln.strip()]
                first = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines else "")
                return f"`{cc}` refuses the flags: {first.strip()[:200]}"
            r = subprocess.run(["./probe"], cwd=tmp, capture_output=True, text=True, timeout=60,
                               env={**os.environ, "OMP_NUM_THREADS": "2"})
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"`{cc}` probe failed: {e}"
        if r.returncode != 0:
            return f"a program built by `{cc}` does not run: {(r.stderr.strip() or str(r.returncode))[:200]}"
    return None


class CompilerVariant(Variant):
    """The original region, built by `compiler()`; the source is untouched."""

    cc: ClassVar[str] = "gcc"

    def flags(self) -> tuple[str, ...]:
        return BASE_FLAGS

    def compiler(self) -> tuple[str, tuple[str, ...]] | str:
        """(cc, flags) that work here, or why there are none."""
        flags = self.flags()
        why = probe(self.cc, flags)
        return why if why is not None else (self.cc, flags)

    def unavailable(self) -> str | None:
        c = self.compiler()
        return c if isinstance(c, str) else None

    def prepare(self, case: Case) -> Build | Skip:
        c = self.compiler()
        if isinstance(c, str):
            return Skip("not-available", c)
        cc, flags = c
        return Build(Toolchain(cc=cc, flags=flags + case.flags, threads=self.settings.threads))


@register_variant
class Base(CompilerVariant):
    name = "base"
    summary = "gcc -O3 -march=native -fopenmp (the reference of every speedup)"


@register_variant
class Graphite(CompilerVariant):
    name = "graphite"
    summary = "gcc's polyhedral optimizer: -floop-nest-optimize -floop-parallelize-all"

    def flags(self) -> tuple[str, ...]:
        return (*BASE_FLAGS, "-floop-nest-optimize", "-floop-parallelize-all",
                f"-ftree-parallelize-loops={self.settings.threads}")


def _clang_candidates() -> list[str]:
    wanted = os.environ.get("POLYRL_POLLY_CC")
    if wanted:
        return [wanted]
    names = ["clang", *(f"clang-{v}" for v in range(21, 13, -1))]
    return [n for n in names if shutil.which(n)]


@cache
def find_polly(candidates: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | str:
    """The first clang of `candidates` with a working Polly: built in (Debian 12's clang-14 and clang-16),
    else loaded from the LLVMPolly.so plugin next to it. A reason string when none works."""
    if not candidates:
        return f"no clang found (Debian: apt-get install {POLLY_PACKAGES})"
    reasons = []
    for cc in candidates:
        why = probe(cc, POLLY_FLAGS)
        if why is None:
            return cc, POLLY_FLAGS
        plugin = Path(os.path.realpath(shutil.which(cc) or cc)).parent.parent / "lib" / "LLVMPolly.so"
        if plugin.is_file():
            for extra in ((f"-fplugin={plugin}",), (f"-fplugin={plugin}", f"-fpass-plugin={plugin}")):
                if probe(cc, extra + POLLY_FLAGS) is None:
                    return cc, extra + POLLY_FLAGS
        reasons.append(why)
    return f"no clang with Polly ({'; '.join(reasons)}); Debian: apt-get install {POLLY_PACKAGES}"


@register_variant
class Polly(CompilerVariant):
    name = "polly"
    summary = "clang with LLVM's Polly: -mllvm -polly -polly-parallel -polly-vectorizer=stripmine"

    def compiler(self) -> tuple[str, tuple[str, ...]] | str:
        return find_polly(tuple(_clang_candidates()))


# ---------------------------------------------------------------- source rewriters


def find_polycc(given: str | None = None) -> str | None:
    """The polycc to run: `given` (bench --polycc), else $POLYRL_POLYCC, else `polycc` on
    PATH; a path or a name on PATH, resolved to an executable, or None when there is none."""
    wanted = given or os.environ.get("POLYRL_POLYCC") or "polycc"
    found = shutil.which(os.path.expanduser(wanted))
    # absolute: polycc runs in a temporary folder, where a relative path means nothing
    return os.path.abspath(found) if found else None


@register_variant
class Pluto(Variant):
    name = "pluto"
    summary = "PLUTO's polycc --tile --parallel (as its authors document it) on the original file, then gcc like base"
    args: ClassVar[tuple[str, ...]] = ("--tile", "--parallel")

    @property
    def polycc(self) -> str | None:
        return find_polycc(self.settings.polycc)

    def unavailable(self) -> str | None:
        if self.polycc is None:
            wanted = self.settings.polycc or os.environ.get("POLYRL_POLYCC")
            return (f"`{wanted}` is not an executable polycc" if wanted else
                    "`polycc` not found: give --polycc PATH or set POLYRL_POLYCC (PLUTO is not packaged by "
                    "Debian; scripts/build_pluto.sh builds it from source)")
        return Base(self.settings).unavailable()

    def prepare(self, case: Case) -> Build | Skip:
        from polyrl.bench.pluto import PlutoError, pluto_region

        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        polycc = self.polycc
        if polycc is None:
            return Skip("not-available", self.unavailable() or "no polycc")
        try:
            region = pluto_region(case.kernel.path, case.program.scop, polycc, self.args,
                                  timeout_s=self.settings.timeout_s)
        except PlutoError as e:
            return Skip("tool-failed", str(e))
        digest = hashlib.sha256(region.encode()).hexdigest()[:16]
        return Build(base.toolchain, region, f"variant:pluto {' '.join(self.args)} {digest}")


@register_variant
class PlutoNoJam(Pluto):
    # polycc's default unroll-and-jam can cost more than it gains (gemm at LARGE: 0.5x with
    # it, 1.5x without): this column shows PLUTO without it, so that the bench can report
    # PLUTO at its best per kernel beside the documented setting
    name = "pluto-nounrolljam"
    summary = "PLUTO's polycc --tile --parallel --nounrolljam, then gcc like base"
    args: ClassVar[tuple[str, ...]] = ("--tile", "--parallel", "--nounrolljam")


@register_variant
class ScheduleVariant(Variant):
    name = "polyrl-schedule"
    summary = "a fixed polyrl schedule per kernel (--schedules FILE), applied with the polyrl API"

    def prepare(self, case: Case) -> Build | Skip:
        text = self.settings.schedules.get(case.kernel.name)
        if text is None:
            return Skip("no-schedule", "no schedule for this kernel in the schedules file")
        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        try:
            opt = case.program.apply(text)
            region = opt.region_text
        except PolyrlError as e:
            return Skip("illegal-schedule", f"{text}: {e.message}")
        return Build(base.toolchain, region, str(opt.schedule))


@register_variant
class AffineVariant(Variant):
    """The Pluto form in polyrl: isl's affine schedule (A, no fusion unless smart fusion
    runs much more in parallel), tiles of 32 in
    isl's order with the innermost chosen among the point loops, the outermost parallel
    tile loop (else a wavefront of tiles), a jam by 4 around the innermost, vector code
    (polyrl.poly.macros, profile affine-tile); one rule for every kernel, nothing tuned
    per kernel."""

    name = "polyrl-affine"
    summary = "isl's affine schedule (A(0), or A(1)/A(3) where it runs more in parallel), tiles of 32, intra-tile order, parallel, jam, vector code: the Pluto form"

    def prepare(self, case: Case) -> Build | Skip:
        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        profile = next(p for p in PROFILES if p.name == "affine-tile")
        schedule = macro_schedule(case.program.model, profile)
        return schedule_build(case, base.toolchain, schedule)


# ---------------------------------------------------------------- the policy and searches


def schedule_build(case: Case, toolchain: Toolchain, schedule) -> Build:
    """The build of a chosen schedule; the empty schedule is the original region, under
    its own store key (the baseline's key is the base variant's)."""
    if not schedule.actions:
        return Build(toolchain, None, "variant:original")
    opt = case.program.apply(schedule)  # checks legality once more
    return Build(toolchain, opt.region_text, str(opt.schedule))


@register_variant
class PolicyVariant(Variant):
    """What `polyrl optimize` chooses: the greedy schedule of --policy's checkpoint (or with
    `path`, the variant `polyrl-policy@PATH` named `name`, of another one) after the check
    (polyrl.search.policy.Policy._checked: the shipped cost model's CostCheck, the Pluto form
    kept whole or its plan on the source loops where predicted faster, and the form where the
    original loops would stay), then the macro pick (Policy._macro_pick)."""

    name = "polyrl-policy"
    summary = ("the trained policy's greedy schedule, checked by the cost model, the Pluto form where it would "
               "keep the original, a form only unless predicted slower than the original by both form cost "
               "models, then a macro schedule where both predict it at least 1.25x faster (chosen without "
               "compiling or measuring)")
    cost_check = True
    pick = True  # the macro pick after the check, as `optimize` (without --no-macro-pick)

    def __init__(self, settings: Settings, path: str | None = None, name: str | None = None):
        super().__init__(settings)
        self.path = path if path is not None else settings.policy
        if name is not None:
            self.name = name
        self._policy = None
        self.inference: dict[str, object] = {}  # kernel -> polyrl.search.Inference

    def policy(self):
        from polyrl.search import Policy

        if self._policy is None:
            self._policy = Policy.load(self.path, check=self.cost_check, pick=self.pick)  # no check: no pick
        return self._policy

    def unavailable(self) -> str | None:
        try:
            self.policy()
        except PolyrlError as e:
            return str(e)
        return Base(self.settings).unavailable()

    def prepare(self, case: Case) -> Build | Skip:
        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        # on a program of its own: what the other variants (another policy column, a fixed
        # schedule applied before) cached on `case.program` would shorten the inference time
        inference = self.policy().greedy(case.parse_again())
        self.inference[case.kernel.name] = inference
        return schedule_build(case, base.toolchain, inference.schedule)

    def report(self) -> str:
        if not self.inference:
            return ""
        import statistics

        from polyrl.runtime.execute import format_seconds

        times = [i.seconds for i in self.inference.values()]
        lines = [f"### {self.name}: policy inference time (one core)", "",
                 "From the program's dependences to the complete schedule: program graphs, forward passes, "
                 "masks and legality checks" + (", the cost model's check" if self.cost_check else "")
                 + "; parsing and dependence analysis are not counted, and nothing is compiled.", "",
                 "| kernel | inference | steps | schedule | the policy's own, where the check replaced it |",
                 "|---|---:|---:|---|---|"]
        lines += [f"| {k} | {format_seconds(i.seconds)} | {i.steps} | `{i.text or 'none'}` | "
                  + _replaced(i) + " |"
                  for k, i in self.inference.items()]
        lines += ["", f"median {format_seconds(statistics.median(times))}, max {format_seconds(max(times))} "
                  f"over {len(times)} kernel(s); policy {self.policy().path}"]
        return "\n".join(lines) + "\n"


def _replaced(i) -> str:
    """The bench table's note on a schedule the check replaced (polyrl.search.Inference)."""
    if i.proposed is None:
        return ""
    if i.macro:
        return f"`{i.proposed or 'none'}` (the macro schedule `{i.macro}` predicted {i.predicted_gain:.2f}x faster)"
    if i.original_instead:
        return f"`{i.proposed}` (the form predicted {i.predicted_gain:.2f}x slower: the original kept)"
    why = ("the original kept" if not i.proposed.actions or i.predicted_gain == 1.0
           else f"the original predicted {i.predicted_gain:.2f}x faster")
    form = "the Pluto form's plan on the source loops" if i.source_loops else "the Pluto form"
    if i.whole and not i.form_instead:  # the policy's form, its plan on the source loops predicted faster
        return f"`{i.proposed}` (predicted {i.predicted_gain:.2f}x slower: {form} instead)"
    return (f"`{i.proposed or 'none'}` ({why}: {form} instead)" if i.form_instead
            else f"`{i.proposed or 'none'}` (predicted {i.predicted_gain:.2f}x slower)")


# `--variants ...,polyrl-policy@PATH`: a further greedy policy column, side by side
OTHER_POLICY = PolicyVariant.name + "@"


@register_variant
class GreedyVariant(PolicyVariant):
    """The policy's greedy schedule as it is, without the cost model's check (to measure
    what the check does, side by side with polyrl-policy)."""

    name = "polyrl-greedy"
    summary = "the trained policy's greedy schedule without the cost model's check"
    cost_check = False


@register_variant
class CheckedVariant(PolicyVariant):
    """polyrl-policy without the macro pick (`optimize --no-macro-pick`): the checked greedy
    schedule, side by side with polyrl-policy to measure what the pick does."""

    name = "polyrl-checked"
    summary = "polyrl-policy without the macro pick (optimize --no-macro-pick)"
    pick = False


class _SearchVariant(Variant):
    """A budgeted search per kernel (polyrl.search); the bench then measures the best
    schedule once more, side by side with the other variants (`chosen_by_timing`: the
    search's own time of its winner, the least of its candidates' timings, is biased low,
    most on the kernels of tens of microseconds, where the timings spread most). The search's
    time stays in its report ("best in search")."""

    chosen_by_timing = True

    def __init__(self, settings: Settings):
        super().__init__(settings)
        self.results: dict[str, object] = {}  # kernel -> polyrl.search.SearchResult

    def search(self, case: Case, toolchain: Toolchain):
        raise NotImplementedError

    def prepare(self, case: Case) -> Build | Skip:
        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        result = self.search(case, base.toolchain)
        if result.interrupted:
            raise KeyboardInterrupt
        self.results[case.kernel.name] = result
        return schedule_build(case, base.toolchain, result.schedule)

    def report(self) -> str:
        if not self.results:
            return ""
        lines = [f"### {self.name}: best of up to {self.settings.search_budget} measured candidates", "",
                 "| kernel | candidates | best in search | schedule |", "|---|---:|---:|---|"]
        for k, r in self.results.items():
            best = r.best
            lines.append(f"| {k} | {len(r.candidates)} | {best.speedup:.2f}x | `{best.schedule or 'original'}` |")
        return "\n".join(lines) + "\n"


@register_variant
class PolicySearchVariant(_SearchVariant):
    name = "polyrl-search"
    summary = ("policy-guided search: polyrl-policy's schedule, the macro schedules, then policy samples, "
               "best verified of --search-budget")

    def __init__(self, settings: Settings):
        super().__init__(settings)
        self.greedy = PolicyVariant(settings)  # loads the policy once

    def unavailable(self) -> str | None:
        return self.greedy.unavailable()

    def search(self, case: Case, toolchain: Toolchain):
        from polyrl.search import policy_search

        s = self.settings
        return policy_search(case.program, self.greedy.policy(), s.search_budget, toolchain, store=s.store,
                             repeat=s.repeat, timeout_s=s.timeout_s, check_reference=s.reference_check)


@register_variant
class RandomSearchVariant(_SearchVariant):
    name = "random-search"
    summary = "random legal schedules, best verified of --search-budget (the baseline of polyrl-search)"

    def unavailable(self) -> str | None:
        return Base(self.settings).unavailable()

    def search(self, case: Case, toolchain: Toolchain):
        from polyrl.search import random_search

        s = self.settings
        return random_search(case.program, s.search_budget, toolchain, store=s.store, repeat=s.repeat,
                             timeout_s=s.timeout_s, check_reference=s.reference_check)
