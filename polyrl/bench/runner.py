"""The bench loop: every kernel, every variant, measured side by side with the baseline.

Owns the order of work, the memo-store lookups (never for a schedule a search chose by timing it:
Variant.chosen_by_timing) and the result rows; not how a variant is
built (variants), how a build is timed and verified (polyrl.runtime), nor the reports.
Each kernel's baseline (the `base` variant) is measured first (polyrl.runtime.measure_baseline:
checked against an -O1 build of the kernel unless the settings say otherwise); its dumped
arrays are the reference every other variant of that kernel is verified against, and its
minimum time is the numerator of every speedup. A miscompiled base verifies nothing. Nothing a kernel or variant does stops the loop: every
failure becomes a row with its status.
"""

from __future__ import annotations

import resource
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

import numpy as np

from polyrl.api import Program
from polyrl.bench.suite import Kernel
from polyrl.bench.variants import Build, Case, Settings, Skip, Variant
from polyrl.runtime import (
    BASELINE_MISCOMPILED,
    Measurement,
    MemoStore,
    MiscompiledBaseline,
    StoreKey,
    machine_fingerprint,
    measure,
    measure_baseline,
    program_hash,
)
from polyrl.runtime.store import is_current

BASE = "base"
# statuses of a variant that was not run for a reason other than its own failure
NOT_RUN = ("no-schedule", "no-reference", "front-end-error")
NOT_AVAILABLE = "not-available"
# failures that a rerun could change (a busy machine), so they are not memoized
_TRANSIENT = ("timeout", "crash", "error")
# Polly's matrix-multiplication packing puts ~8.4 MB arrays on the stack (gemm at MEDIUM),
# just over the usual 8 MiB default; every variant's program gets this much instead
STACK_BYTES = 512 << 20


@dataclass(frozen=True)
class Row:
    """One kernel x variant result, as in the CSV."""

    kernel: str
    dataset: str
    variant: str
    status: str  # "ok", "wrong-result", "compile-error", "timeout", "crash", "not-available", ...
    seconds: float | None = None  # minimum of the timed runs
    spread: float | None = None  # (max - min) / min of the timed runs
    repeat: int = 0  # timed runs behind `seconds`
    speedup: float | None = None  # base seconds / seconds, for verified results only
    verified: str = ""  # "yes", "no", "reference" (the base), "" not checked
    detail: str = ""
    cached: bool = False  # answered from the memo store
    # timed again because the store's record of it timed the C of another code generation (runtime.store.is_current);
    # the progress lines and the summary say so (not a CSV column)
    stale: bool = False

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def failed(self) -> bool:
        return not self.ok and self.status != NOT_AVAILABLE and self.status not in NOT_RUN


def _one_line(text: str, limit: int = 300) -> str:
    flat = " | ".join(ln.strip() for ln in str(text).splitlines() if ln.strip())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def ordered_variants(names: Sequence[str]) -> list[str]:
    """`base` first (every speedup needs it), then the others in the order given."""
    return [BASE, *(n for n in dict.fromkeys(names) if n != BASE)]


class _Bench:
    def __init__(self, variants: list[Variant], settings: Settings, repeat: int, store: MemoStore | None,
                 emit: Callable[[Row], None], fresh: bool = False):
        if not variants or variants[0].name != BASE:
            raise ValueError("the first variant must be `base`")
        self.variants = variants
        self.settings = settings
        self.repeat = repeat
        self.store = store
        self.fresh = fresh  # measure again even when the store has the result (and overwrite it)
        self.emit = emit
        self.missing = {v.name: v.unavailable() for v in variants}
        # variants whose schedule a search chose by timing: never answered from the store
        self.retimed = {v.name for v in variants if v.chosen_by_timing}
        self.stale: set[StoreKey] = set()  # keys whose stored record another code generation wrote

    def row(self, kernel: Kernel, variant: str, status: str, **kw) -> Row:
        r = Row(kernel.name, self.settings.dataset, variant, status, **kw)
        self.emit(r)
        return r

    def key(self, program: Program, build: Build) -> StoreKey:
        return StoreKey(program_hash(program.scop), build.key, machine_fingerprint(), build.toolchain.key())

    def lookup(self, key: StoreKey) -> Measurement | None:
        if self.store is None or self.fresh:
            return None
        rec = self.store.get(key, any_codegen=True)
        if rec is not None and not is_current(key, rec):
            self.stale.add(key)
            return None
        if rec is None or (rec.status == "ok" and len(rec.times) < self.repeat):
            return None
        return Measurement.from_record(rec)

    def remember(self, key: StoreKey, m: Measurement) -> None:
        if self.store is not None and m.status not in _TRANSIENT:
            self.store.put(key, m.record(legal=True))

    def prepare(self, variant: Variant, case: Case) -> Build | Skip:
        why = self.missing[variant.name]
        if why is not None:
            return Skip(NOT_AVAILABLE, why)
        try:
            return variant.prepare(case)
        except MiscompiledBaseline as e:  # a search found the base miscompiled: nothing to verify against
            return Skip("no-reference", _one_line(e.message))
        except Exception as e:  # a variant's bug must not stop the other variants
            return Skip("error", f"{type(e).__name__}: {_one_line(str(e))}")

    def measure(self, case: Case, build: Build, reference: dict[str, np.ndarray] | None, repeat: int) -> Measurement:
        try:
            return measure(case.program.scop, build.region_text, build.toolchain, repeat,
                           self.settings.timeout_s, reference=reference, checks=self.settings.verify_runs)
        except Exception as e:  # e.g. a region the harness cannot instrument
            return Measurement("error", detail=f"{type(e).__name__}: {_one_line(str(e))}")

    def baseline(self, case: Case, build: Build, known: Measurement | None, arrays: bool) -> Measurement:
        try:
            return measure_baseline(case.program.scop, build.toolchain, self.repeat, self.settings.timeout_s,
                                    check=self.settings.reference_check, known=known, arrays=arrays,
                                    runner=lambda tc, n: self.measure(case, replace(build, toolchain=tc), None, n))
        except Exception as e:
            return Measurement("error", detail=f"{type(e).__name__}: {_one_line(str(e))}")

    def result_row(self, kernel: Kernel, variant: str, m: Measurement, base: Measurement | None,
                   stale: bool = False) -> Row:
        if variant == BASE:
            verified = "reference" if m.status == "ok" else ""
        else:
            verified = {True: "yes", False: "no", None: ""}[m.verified]
        speedup = None
        if m.status == "ok" and m.min and base is not None and base.min and (variant == BASE or m.verified):
            speedup = base.min / m.min
        return self.row(kernel, variant, m.status, seconds=m.min, spread=m.spread, repeat=len(m.times),
                        speedup=speedup, verified=verified, detail=_one_line(m.detail), cached=m.cached, stale=stale)

    def kernel(self, kernel: Kernel) -> list[Row]:
        ds = self.settings.dataset
        try:
            program = kernel.load(ds)
        except Exception as e:  # the front end's errors, and its bugs, are reported per kernel
            why = f"{type(e).__name__}: {_one_line(str(e))}"
            return [self.row(kernel, v.name, "front-end-error", detail=why) for v in self.variants]
        case = Case(kernel, program, ds)
        builds = {v.name: self.prepare(v, case) for v in self.variants}
        keys: dict[str, StoreKey] = {}
        cached: dict[str, Measurement] = {}
        for name, b in builds.items():
            if isinstance(b, Build):
                try:
                    keys[name] = self.key(program, b)
                except Exception as e:  # toolchain.key() runs the compiler for its version
                    builds[name] = Skip("error", f"{type(e).__name__}: {_one_line(str(e))}")
                    continue
                # a schedule chosen by timing is timed again here (Variant.chosen_by_timing), not
                # answered with the time it was chosen on
                hit = None if name in self.retimed else self.lookup(keys[name])
                if hit is not None:
                    cached[name] = hit

        rows: list[Row] = []
        base_build = builds[BASE]
        if isinstance(base_build, Skip):
            rows.append(self.row(kernel, BASE, base_build.status, detail=base_build.detail))
            for v in self.variants[1:]:
                rows.append(self.row(kernel, v.name, "no-reference", detail="the baseline could not be built"))
            return rows

        todo = [n for n, b in builds.items() if n != BASE and isinstance(b, Build) and n not in cached
                and not _same_as_base(b, base_build)]
        known = cached.get(BASE)
        # times known: it runs once more only for the arrays, or to be checked
        base = self.baseline(case, base_build, known, arrays=bool(todo))
        if known is None or base.record() != known.record():
            self.remember(keys[BASE], base)
        reference = base.dump if base.status == "ok" else None
        rows.append(self.result_row(kernel, BASE, base, base))
        for v in self.variants[1:]:
            b = builds[v.name]
            if isinstance(b, Skip):
                rows.append(self.row(kernel, v.name, b.status, detail=b.detail))
            elif base.status == BASELINE_MISCOMPILED:  # not even a stored result verified against it counts
                rows.append(self.row(kernel, v.name, "no-reference",
                                     detail="the base build is miscompiled (see base): nothing to verify against"))
            elif _same_as_base(b, base_build) and base.status == "ok":
                # the original region with the base toolchain is the base binary: its time is the
                # base's time (timing it again would only measure noise, as if it were a result)
                same = replace(base, verified=True, detail="the original program: the base build")
                rows.append(self.result_row(kernel, v.name, same, base))
            elif v.name in cached:
                rows.append(self.result_row(kernel, v.name, cached[v.name], base if base.status == "ok" else None))
            elif reference is None:
                rows.append(self.row(kernel, v.name, "no-reference",
                                     detail=f"the baseline did not run ({base.status})"))
            else:
                m = self.measure(case, b, reference, self.repeat)
                if not v.chosen_by_timing:  # the search's own record of its winner stays as it chose on it
                    self.remember(keys[v.name], m)
                rows.append(self.result_row(kernel, v.name, m, base, stale=keys[v.name] in self.stale))
        return rows


def _same_as_base(build: Build, base: Build) -> bool:
    """Whether `build` is the base binary: the original region, the base's toolchain."""
    return build.region_text is None and build.toolchain == base.toolchain


@contextmanager
def larger_stack(size: int = STACK_BYTES) -> Iterator[None]:
    """Raise the soft stack limit that the measured programs inherit, for the duration."""
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = size if hard == resource.RLIM_INFINITY else min(size, hard)
    changed = soft != resource.RLIM_INFINITY and soft < want
    if changed:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
    try:
        yield
    finally:
        if changed:
            resource.setrlimit(resource.RLIMIT_STACK, (soft, hard))


def run_bench(kernels: Sequence[Kernel], variants: list[Variant], settings: Settings, repeat: int = 5,
              store: MemoStore | None = None, emit: Callable[[Row], None] | None = None,
              on_kernel: Callable[[int, Kernel], None] | None = None, fresh: bool = False) -> list[Row]:
    """Measure every variant of every kernel; rows are also passed to `emit` as they come,
    so that an interrupted run keeps what it measured. `variants[0]` must be `base`."""
    rows: list[Row] = []

    def collect(r: Row) -> None:
        rows.append(r)
        if emit is not None:
            emit(r)

    bench = _Bench(variants, settings, repeat, store, collect, fresh)
    with larger_stack():
        for i, k in enumerate(kernels):
            if on_kernel is not None:
                on_kernel(i, k)
            bench.kernel(k)
    return rows
