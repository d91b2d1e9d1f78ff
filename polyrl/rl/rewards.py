"""Where the environment's speedups come from: measured runs, the cost model, or both.

A `Rewarder` answers one question: the speedup of a state (program + legal schedule)
over the original program. The environment turns those into rewards (log base 4 of the
speedup of each new state over the previous one). `final` says the state is the last
of its episode, which lets `MixedRewarder` measure only there. Owns no environment
logic and no measurement code (polyrl.runtime.compare does the measuring).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

import torch

from polyrl.api import Optimized
from polyrl.errors import PolyrlError
from polyrl.model.costmodel import CostModel, load_costmodel
from polyrl.rl.state import LoadedProgram, State
from polyrl.runtime import MemoStore, Toolchain, compare
from polyrl.runtime.execute import COMPILER_MISCOMPILED, reference_baseline


class Rewarder(Protocol):
    kind: str  # "measured", "surrogate" or "mixed", for logs

    def speedup(self, state: State, final: bool) -> float:
        """Time of the original program / time of `state` (1 for the original itself)."""
        ...

    # A rewarder may also have `check(program: LoadedProgram) -> None`, raising PolyrlError
    # when no speedup of the program can be had (the environment then leaves it out of
    # the programs it draws); one without it accepts every program.


class MeasuredRewarder:
    """Speedups from real runs via polyrl.runtime.compare: the memo store first, a
    measurement only when it has none. A transformed program that computes something
    else, or does not build or run, raises: that is a bug, never a reward. One that runs
    past `timeout_s` gets the speedup it would have at exactly the limit (an upper bound).

    `gate` (e.g. polyrl.measure.worker.CoreGate) is held over each measurement with the
    toolchain's threads, so rollout workers on one machine do not time on shared cores.
    """

    kind = "measured"

    def __init__(self, toolchain: Toolchain | None = None, store: MemoStore | None = None, repeat: int = 5,
                 timeout_s: float = 60.0, gate=None):
        self.toolchain = toolchain or Toolchain()
        self.store = store
        self.repeat = repeat
        self.timeout_s = timeout_s
        self.gate = gate
        self.lookups = 0  # speedups asked for (of transformed states), for the store hit rate
        self.measured = 0  # of those, the ones neither memo (this process's or the store) answered
        self._speedups: dict[tuple[str, str], float] = {}
        self._checked: set[str] = set()  # program keys whose baseline `check` accepted

    def _hold(self, toolchain: Toolchain):
        """The gate over the toolchain's threads while something is timed (if there is one)."""
        return (self.gate.hold(toolchain.resolved_threads()) if self.gate is not None
                else contextlib.nullcontext())

    def check(self, program: LoadedProgram) -> None:
        """The baseline every speedup of `program` is verified against (the store's, or
        measured now): raises when it does not run, or when the compiler miscompiles it
        (MiscompiledBaseline), before an episode spends steps on the program."""
        if program.key in self._checked:
            return
        toolchain = program.spec.toolchain(self.toolchain)
        with self._hold(toolchain):
            reference_baseline(program.program.scop, toolchain, self.store, self.repeat, self.timeout_s,
                               arrays=False)
        self._checked.add(program.key)

    def speedup(self, state: State, final: bool) -> float:
        if not state.schedule.actions:
            return 1.0
        self.lookups += 1
        key = (state.program.key, state.text)
        if key in self._speedups:
            return self._speedups[key]
        lp = state.program
        toolchain = lp.spec.toolchain(self.toolchain)
        region = Optimized(lp.program, state.schedule, state.nest).region_text
        with self._hold(toolchain):
            result = compare(lp.program.scop, region, state.text, toolchain, store=self.store, repeat=self.repeat,
                             timeout_s=self.timeout_s, legal=True)
        if not result.new.cached:
            self.measured += 1
        if result.speedup is None and result.new.status == "timeout" and result.baseline.min:
            # legal but slower than the time limit: at most this fast (a run that takes too
            # long is a bad schedule, not a bug)
            self._speedups[key] = result.baseline.min / self.timeout_s
            return self._speedups[key]
        if result.speedup is None and result.new.status == COMPILER_MISCOMPILED:
            # a right schedule the compiler builds wrong (polyrl.runtime.execute.NO_VECTORIZE): unusable, so
            # worth what keeping the original is
            self._speedups[key] = 1.0
            return 1.0
        if result.speedup is None:
            what = ("computes a different result than the original" if result.new.status == "wrong-result"
                    else f"did not run ({result.new.status})")
            raise PolyrlError(f"schedule `{state.text}` {what}: {result.new.detail}; a legal schedule must "
                              "build, run and verify, so this is a polyrl bug to report", lp.spec.path)
        self._speedups[key] = result.speedup
        return result.speedup


class SurrogateRewarder:
    """Speedups predicted by the cost model: exp(predicted log time of the original -
    predicted log time of the state). `target` is the checkpoint's scaling of log time
    ({"mean", "std"}); the mean cancels, the std scales the difference."""

    kind = "surrogate"

    def __init__(self, costmodel: CostModel, target: Mapping[str, float] | None = None):
        self.model = costmodel.eval()
        self.std = float(target["std"]) if target is not None else 1.0
        self._scores: dict[tuple[str, str], float] = {}

    @classmethod
    def from_checkpoint(cls, path: str | Path) -> SurrogateRewarder:
        model, target = load_costmodel(path)
        return cls(model, target)

    def score(self, state: State) -> float:
        """The model's standardised log time of the state."""
        key = (state.program.key, state.text)
        if key not in self._scores:
            with torch.no_grad():
                self._scores[key] = float(self.model(state.graph()).reshape(-1)[0])
        return self._scores[key]

    def speedup(self, state: State, final: bool) -> float:
        if not state.schedule.actions:
            return 1.0
        return math.exp((self.score(state.original()) - self.score(state)) * self.std)


class MixedRewarder:
    """The surrogate for intermediate states, a measurement for the final one; the
    environment's final reward then corrects the episode's return to log4 of the
    measured final speedup."""

    kind = "mixed"

    def __init__(self, surrogate: SurrogateRewarder, measured: MeasuredRewarder):
        self.surrogate = surrogate
        self.measured = measured

    def check(self, program: LoadedProgram) -> None:
        self.measured.check(program)

    def speedup(self, state: State, final: bool) -> float:
        return (self.measured if final else self.surrogate).speedup(state, final)
