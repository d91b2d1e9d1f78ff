"""Budgeted search: up to N candidate schedules, each built, verified against the original
and timed (polyrl.runtime.compare, memo store first), the fastest verified one kept.

Owns the candidate streams (the policy's greedy schedule, the macro schedules of
polyrl.poly.macros, then samples from the policy; random legal schedules from
polyrl.measure.schedules) and the budget; not how a candidate is measured
(polyrl.runtime) nor how the policy chooses (polyrl.search.policy). The budget counts
distinct candidates, store hits included, so searches with equal budgets are compared
on equal terms. The original program is always in the running (speedup 1): a
search never returns something slower than what it started from. A legal candidate that
computes something else, or does not build or run, is a polyrl bug and raises; only a
candidate that runs over the time limit loses quietly.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from polyrl.api import Program
from polyrl.errors import PolyrlError
from polyrl.measure.schedules import random_schedule, schedule_seed
from polyrl.poly.macros import macro_schedules
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.runtime import Comparison, MemoStore, Toolchain, compare
from polyrl.runtime.execute import COMPILER_MISCOMPILED, format_seconds

# DRAWS_PER_CANDIDATE: draws per budgeted candidate before a search gives up finding new distinct
# schedules (the macro pick's samples use it too)
from polyrl.search.policy import DRAWS_PER_CANDIDATE, Policy


@dataclass(frozen=True)
class Candidate:
    """One measured schedule."""

    schedule: str  # canonical text
    origin: str  # "greedy", "sample", "random", ...
    status: str  # "ok", "timeout", "not generated" (the code generator refused it), or "compiler-miscompiled"
    # (wrong as built, right without the compiler's auto-vectorizer: polyrl.runtime.execute.NO_VECTORIZE)
    speedup: float | None  # over the original, verified; None when it timed out or was not generated
    cached: bool  # both times came from the memo store
    comparison: Comparison | None = field(default=None, repr=False, compare=False)

    def summary(self) -> str:
        what = f"{self.speedup:.2f}x verified" if self.speedup is not None else self.status
        c = self.comparison
        if self.speedup is not None and c is not None:  # a speedup has both times
            what += f" ({format_seconds(c.new.min)} against {format_seconds(c.baseline.min)})"
        return f"{what}  {self.schedule}  ({self.origin}{', memo store' if self.cached else ''})"


ORIGINAL = Candidate("", "original", "ok", 1.0, True)


@dataclass
class SearchResult:
    """The candidates in the order they were measured, and the best (ORIGINAL when none
    beat the original program)."""

    kind: str
    budget: int
    candidates: list[Candidate] = field(default_factory=list)
    interrupted: bool = False  # Ctrl-C stopped the search; the candidates so far count

    @property
    def best(self) -> Candidate:
        ran = [c for c in self.candidates if c.speedup is not None]
        top = max(ran, key=lambda c: c.speedup, default=ORIGINAL)
        return top if top.speedup > 1.0 else ORIGINAL

    @property
    def schedule(self) -> Schedule:
        return Schedule.parse(self.best.schedule)


class CandidateMeasurer:
    """Measures schedules of one program with one toolchain, each distinct text once."""

    def __init__(self, program: Program, toolchain: Toolchain, store: MemoStore, repeat: int = 5,
                 timeout_s: float = 60.0, check_reference: bool = True):
        self.program = program
        self.toolchain = toolchain
        self.store = store
        self.repeat = repeat
        self.timeout_s = timeout_s
        self.check_reference = check_reference  # compare the baseline with its -O1 build first
        self.seen: set[str] = {""}  # the original is known: speedup 1

    def measure(self, schedule: Schedule, origin: str) -> Candidate:
        text = str(schedule)
        self.seen.add(text)
        opt = self.program.apply(schedule)  # checks legality again: an illegal candidate is our bug
        try:
            region = opt.region_text
        except PolyrlError:
            # the code generator refuses a few legal schedules (a pack whose box isl cannot
            # bound within its budget, polyrl.poly.packing): nothing to build; the search goes on
            return Candidate(text, origin, "not generated", None, False)
        result = compare(self.program.scop, region, text, self.toolchain, store=self.store,
                         repeat=self.repeat, timeout_s=self.timeout_s, legal=True,
                         check_reference=self.check_reference)
        new = result.new
        cached = result.baseline.cached and new.cached
        if result.speedup is not None:
            return Candidate(text, origin, "ok", result.speedup, cached, result)
        if new.status in ("timeout", COMPILER_MISCOMPILED):
            # too slow, or the compiler's wrong code for a right schedule: never a result; the search goes on
            return Candidate(text, origin, new.status, None, cached, result)
        what = ("computes a different result than the original" if new.status == "wrong-result"
                else f"did not build or run ({new.status})")
        raise PolyrlError(f"schedule `{text}` {what}: {new.detail}; a legal schedule must build, run and "
                          "verify, so this is a polyrl bug to report", self.program.scop.source_path)


@contextlib.contextmanager
def _store_or_temporary(store: MemoStore | None) -> Iterator[MemoStore]:
    """`store`, or a store in a temporary folder for this search (so the baseline is
    measured once, not once per candidate)."""
    if store is not None:
        yield store
        return
    with tempfile.TemporaryDirectory(prefix="polyrl-search-") as tmp, MemoStore(Path(tmp) / "store.sqlite") as s:
        yield s


def policy_candidates(policy: Policy, program: Program, seed: int = 0,
                      macros: bool = True) -> Iterator[tuple[Schedule, str]]:
    """The greedy schedule (after the policy's cost-model check, and the policy's own one
    next when the check replaced it), then the macro schedules (polyrl.poly.macros: the
    multi-step schedules the policy's action table cannot write yet, when `macros`), then
    schedules sampled from the policy (endless; repeats included).

    Each sample that repeats an earlier candidate raises the sampling temperature
    (Policy.draws). A confident policy draws its favourite
    schedules again and again: at temperature 1 the shipped policy's searches on PolyBench
    MEDIUM stopped after 1-4 distinct candidates on 8 of 29 kernels (out of draws), the
    budget unspent. The likely schedules still come first.
    """
    lp = LoadedProgram.of(program)
    inference = policy.greedy(lp)
    yield inference.schedule, "greedy"
    seen = {inference.text}
    if inference.proposed is not None:
        yield inference.proposed, "greedy, before the cost-model check"
        seen.add(str(inference.proposed))
    if macros:
        for name, schedule in macro_schedules(program.model).items():
            seen.add(str(schedule))
            yield schedule, f"macro {name}"
    for drawn, _ in policy.draws(lp, seen, seed):
        yield drawn.schedule, "sample"


def random_candidates(program: Program, seed: int = 0) -> Iterator[tuple[Schedule, str]]:
    """Random legal schedules (polyrl.measure.schedules.random_schedule), endless."""
    model = program.model
    k = 0
    while True:
        yield random_schedule(model, random.Random(schedule_seed(seed, k))), "random"
        k += 1


def search(program: Program, candidates: Iterable[tuple[Schedule, str]], budget: int, toolchain: Toolchain,
           kind: str, store: MemoStore | None = None, repeat: int = 5, timeout_s: float = 60.0,
           on_candidate: Callable[[int, Candidate], None] | None = None,
           check_reference: bool = True) -> SearchResult:
    """Measure the first `budget` distinct non-empty schedules of `candidates`; gives up after
    DRAWS_PER_CANDIDATE * budget draws (a program may admit fewer schedules). Ctrl-C ends
    the search with what it measured (`interrupted`). A baseline that the compiler
    miscompiles (polyrl.runtime.measure_baseline) verifies nothing: MiscompiledBaseline."""
    if budget < 1:
        raise PolyrlError("the search budget must be at least 1 measurement")
    result = SearchResult(kind, budget)
    with _store_or_temporary(store) as s:
        measurer = CandidateMeasurer(program, toolchain, s, repeat, timeout_s, check_reference)
        stream, draws = iter(candidates), 0
        try:
            while len(result.candidates) < budget and draws < DRAWS_PER_CANDIDATE * budget:
                schedule, origin = next(stream)
                draws += 1
                if str(schedule) in measurer.seen:
                    continue
                c = measurer.measure(schedule, origin)
                result.candidates.append(c)
                if on_candidate is not None:
                    on_candidate(len(result.candidates), c)
        except KeyboardInterrupt:
            result.interrupted = True
    return result


def policy_search(program: Program, policy: Policy, budget: int, toolchain: Toolchain, seed: int = 0,
                  macros: bool = True, **kwargs) -> SearchResult:
    """Policy-guided search: the greedy schedule first, then the macro schedules, then
    samples from the policy."""
    return search(program, policy_candidates(policy, program, seed, macros), budget, toolchain, "policy", **kwargs)


def random_search(program: Program, budget: int, toolchain: Toolchain, seed: int = 0, **kwargs) -> SearchResult:
    """The baseline: random legal schedules, with the same budget."""
    return search(program, random_candidates(program, seed), budget, toolchain, "random", **kwargs)
