"""The scheduling environment (Gymnasium API): one episode optimizes one program, branch
by branch, with the 123 actions of polyrl.rl.actions.

    env = PolyEnv(SurrogateRewarder.from_checkpoint("costmodel.pt"), programs=corpus_programs("corpus/"))
    obs, info = env.reset(seed=0)                  # or options={"program": "gemm.c"}
    obs, reward, terminated, truncated, info = env.step(action)   # info["action_mask"]: bool[123]

Traversal: the focus starts on the leftmost branch (a path from the root to a loop with no
loop inside); `Next` moves it to the next branch to the right, and `Next` on the last
branch ends the episode (terminated), as does `F` (the whole program's schedule in one
step). An interchange or a tiling may distribute a loop
(polyrl.poly.transform.isolate), which renumbers branches, so the focus is kept by
identity: the first statement under the branch's innermost loop. After `max_steps`
steps the episode is truncated; its schedule is final all the same.

Masks: an action is masked when it is inapplicable on the focus branch (see
polyrl.rl.actions) or when the exact isl legality check refuses the schedule it makes
(apply + polyrl.poly.legality.check; unrolling changes no isl schedule, so it is as
legal as the state it applies to). Legality answers are memoized per (program hash and
parameter values, schedule text) and, with a memo store, read from the store's legal
field; refusals are written to it (legal schedules are not: a store record without a
measurement would read as one). An illegal or inapplicable action that reaches `step`
anyway is refused: reward 0, state unchanged, `info["refused"]` says why.

Lazy masks (`lazy_masks=True`, `polyrl train --lazy-masks`): checking every applicable
action at every step is most of a step's time (about 37 isl checks per step on generated
programs). With lazy masks `info["action_mask"]` is the applicability mask minus the
actions already found illegal at this state, and `legal(a)` checks one action; a sampler
draws, checks, and on a refusal masks the action and draws again (what the rollout
workers do), so an illegal action is never taken, and the mask it finally drew under is
the one PPO stores and updates with.

Reward: log4 of the speedup of the new state over the previous one, the speedups coming
from a polyrl.rl.rewards Rewarder; `Next` and refused actions give 0. On the episode's
last step the reward is log4(final speedup) minus the rewards so far, so the return is
log4 of the final speedup as the rewarder reports it for a final state (for the mixed
rewarder: measured, while the steps before were the surrogate's).

Observation: the program graph (polyrl.model.features) of the current loop nest, with
the loops of the focus branch tagged; a torch_geometric `Data` (x, edge_index,
edge_attr), whose fields are those of `observation_space` (a gymnasium Graph space).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from torch_geometric.data import Data

from polyrl.api import Program
from polyrl.errors import PolyrlError
from polyrl.model.features import NODE_FEATURES, NUM_EDGE_TYPES
from polyrl.poly.legality import check
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import LoopNest, apply_action, branch_identity, branch_of
from polyrl.rl.actions import ACTIONS, NEXT, NUM_ACTIONS, applicable_mask, expand, last_on_branch, loop_extents
from polyrl.rl.rewards import Rewarder
from polyrl.rl.state import GraphCache, LoadedProgram, ProgramSpec, State
from polyrl.runtime import MemoStore, Record, StoreKey, Toolchain, machine_fingerprint

ProgramLike = str | Path | Program | ProgramSpec


def log4(x: float) -> float:
    return math.log(x) / math.log(4.0)


class PolyEnv(gym.Env):
    """See the module docstring. `programs` are drawn uniformly at reset unless
    `options={"program": ...}` names one; those that fail to load, or that the rewarder's
    `check` refuses (a measured baseline that does not run or that the compiler
    miscompiles), are dropped with a note in `skipped`."""

    metadata = {"render_modes": []}

    def __init__(self, rewarder: Rewarder, programs: Sequence[ProgramLike] = (), max_steps: int = 20,
                 store: MemoStore | None = None, toolchain: Toolchain | None = None,
                 graphs: GraphCache | None = None, keep_programs: int = 64, lazy_masks: bool = False):
        super().__init__()
        self.rewarder = rewarder
        self.programs: list[ProgramLike] = list(programs)
        self.max_steps = max_steps
        self.store = store
        self.toolchain = toolchain or Toolchain()
        self.graphs = graphs or GraphCache()
        self.keep_programs = keep_programs
        self.lazy_masks = lazy_masks
        self.skipped: list[str] = []  # programs of `programs` that could not be loaded, and why
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Graph(
            node_space=spaces.Box(-np.inf, np.inf, (NODE_FEATURES,), np.float32),
            edge_space=spaces.Discrete(NUM_EDGE_TYPES),
        )
        self._loaded: OrderedDict[Any, LoadedProgram] = OrderedDict()
        self._legal: dict[tuple[str, str], str] = {}  # (program key, schedule) -> "" if legal, else why not
        self._masks: dict[tuple[str, str, int], tuple[np.ndarray, np.ndarray]] = {}
        # (program key, schedule, branch, macro action) -> its schedule actions and nest
        self._expansions: dict[tuple[str, str, int, int], tuple[list, LoopNest]] = {}
        self._state: State | None = None
        self._focus = ""  # statement naming the focus branch
        self._steps = 0
        self._speedup = 1.0  # the rewarder's (non-final) speedup of the current state
        self._return = 0.0

    # ------------------------------------------------------------ programs

    def _load(self, program: ProgramLike) -> LoadedProgram:
        if isinstance(program, Program):  # already loaded: nothing worth keeping
            return LoadedProgram.of(program)
        key = program
        lp = self._loaded.get(key)
        if lp is None:
            lp = LoadedProgram.of(program)
            self._loaded[key] = lp
            while len(self._loaded) > self.keep_programs:
                self._loaded.popitem(last=False)
        else:
            self._loaded.move_to_end(key)
        return lp

    def _draw(self) -> LoadedProgram:
        while self.programs:
            program = self.programs[int(self.np_random.integers(len(self.programs)))]
            try:
                lp = self._load(program)
                check = getattr(self.rewarder, "check", None)  # optional: see polyrl.rl.rewards.Rewarder
                if check is not None:  # e.g. a baseline the compiler miscompiles: no reward can be verified
                    check(lp)
                return lp
            except PolyrlError as e:
                self.programs.remove(program)
                self.skipped.append(str(e))
        raise PolyrlError("no program to optimize: every program of the corpus failed to load"
                          if self.skipped else "no program: pass programs=[...] or options={'program': ...}")

    # ------------------------------------------------------------ gymnasium API

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Data, dict]:
        super().reset(seed=seed)
        options = options or {}
        program = options.get("program")
        if program is None:
            lp = self._draw()
        elif isinstance(program, str | Path) and any(k in options for k in ("defines", "include_dirs", "function")):
            lp = self._load(ProgramSpec(str(program), tuple(sorted(dict(options.get("defines") or {}).items())),
                                        tuple(options.get("include_dirs") or ()), options.get("function"),
                                        int(options.get("scop", 0))))
        else:
            lp = self._load(program)
        nest = lp.program.model.original
        self._state = State(lp, Schedule(), nest, self.graphs)
        self._focus = branch_identity(nest, nest.branches()[0])
        self._steps = 0
        self._speedup = 1.0
        self._return = 0.0
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Data, float, bool, bool, dict]:
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        a = int(action)
        if not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"action {a} is not in [0, {NUM_ACTIONS})")
        state = self._state
        branch = self.focus_branch
        terminated, changed, refused = False, False, ""
        if a == NEXT:
            branches = state.nest.branches()
            if branch + 1 >= len(branches):
                terminated = True
            else:
                self._focus = branch_identity(state.nest, branches[branch + 1])
        else:
            refused = self._refusal(a)
            if not refused:
                if ACTIONS[a].macro:
                    acts, nest = self._expansion(a)
                else:
                    acts = [ACTIONS[a].on(branch)]
                    nest = apply_action(state.nest, acts[0])
                self._state = State(state.program, Schedule(state.schedule.actions + tuple(acts)), nest, self.graphs)
                changed = True
                terminated = ACTIONS[a].ends  # F: the whole program's schedule, the episode's last step
                if any(act.kind == "A" for act in acts):  # new loops everywhere: the episode starts over on them
                    self._focus = branch_identity(nest, nest.branches()[0])
        self._steps += 1
        truncated = not terminated and self._steps >= self.max_steps
        extra: dict[str, Any] = {"refused": refused} if refused else {}
        if terminated or truncated:
            final = self.rewarder.speedup(self._state, final=True)
            reward = log4(final) - self._return
            extra.update(final_speedup=final, episode_return=log4(final))
        elif changed:
            speedup = self.rewarder.speedup(self._state, final=False)
            reward = log4(speedup) - log4(self._speedup)
            self._speedup = speedup
        else:
            reward = 0.0
        self._return += reward
        return self._observation(), reward, terminated, truncated, self._info() | extra

    def action_masks(self) -> np.ndarray:
        """The current mask (the name MaskablePPO implementations look for)."""
        return self._mask()

    def legal(self, action: int) -> bool:
        """Whether `action` may be taken now: applicable and accepted by the legality
        check (memoized). With lazy masks a refusal also leaves the current mask."""
        return not self._refusal(int(action))

    # ------------------------------------------------------------ state

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    @property
    def focus_branch(self) -> int:
        return branch_of(self.state.nest, self._focus)

    def _observation(self) -> Data:
        s = self.state
        return self.graphs.observation(s.program, s.text, s.nest, s.nest.branches()[self.focus_branch])

    def _info(self) -> dict[str, Any]:
        s = self.state
        return {"action_mask": self._mask(), "program": s.program.spec.name, "schedule": s.text,
                "branch": self.focus_branch, "branches": len(s.nest.branches()), "speedup": self._speedup,
                "steps": self._steps}

    # ------------------------------------------------------------ masks

    def _mask(self) -> np.ndarray:
        return self._masks_now()[1].copy()

    def _masks_now(self) -> tuple[np.ndarray, np.ndarray]:
        """(applicable, applicable and legal) for the current state and focus; with lazy
        masks the second is applicable minus the actions found illegal so far, and is
        updated in place as checks refuse more."""
        s = self.state
        branch = self.focus_branch
        key = (s.program.key, s.text, branch)
        masks = self._masks.get(key)
        if masks is None:
            path = s.nest.branches()[branch]
            applicable = applicable_mask(s.nest, path, loop_extents(s.program.program.scop, s.nest, path),
                                         last_on_branch(s.schedule.actions, branch))
            applicable[NEXT] = True
            legal = applicable.copy()
            for k in np.flatnonzero(applicable):
                if not self._needs_check(k):
                    continue
                if ACTIONS[k].macro:
                    known = self._expansions.get((s.program.key, s.text, branch, int(k)))
                    legal[k] = bool(known[0]) if known is not None else self.lazy_masks or bool(self._expansion(k)[0])
                    continue
                act = ACTIONS[k].on(branch)
                if self.lazy_masks:  # only what is known already
                    known = self._legal.get((s.program.key, str(s.schedule.then(act))))
                    legal[k] = not known
                elif self._illegal(act):
                    legal[k] = False
            masks = self._masks[key] = (applicable, legal)
        return masks

    @staticmethod
    def _needs_check(k: int) -> bool:
        # unrolling leaves the isl schedule as it is, so it is as legal as the state
        return ACTIONS[k].kind not in ("U", "Next")

    def expansion(self, a: int) -> list:
        """The schedule actions the macro action `a` takes on the focus branch now ([]: none)."""
        return list(self._expansion(a)[0])

    def _expansion(self, a: int) -> tuple[list, LoopNest]:
        """The schedule actions of the macro `a` on the focus branch and the nest after them
        (memoized; [] when nothing of its plan is legal here)."""
        s = self.state
        branch = self.focus_branch
        key = (s.program.key, s.text, branch, int(a))
        out = self._expansions.get(key)
        if out is None:
            out = self._expansions[key] = expand(s.program.program.model, s.nest, branch, ACTIONS[a])
            while len(self._expansions) > 4096:
                self._expansions.pop(next(iter(self._expansions)))
        return out

    def _refusal(self, a: int) -> str:
        """Why action `a` cannot be taken now ("" when it can)."""
        if a == NEXT:
            return ""
        applicable, legal = self._masks_now()
        if ACTIONS[a].macro:
            if not applicable[a]:
                return f"{ACTIONS[a]} is not applicable to branch B{self.focus_branch} (a macro starts a branch)"
            if not self._expansion(a)[0]:
                legal[a] = False
                return f"{ACTIONS[a]} has nothing legal to do on branch B{self.focus_branch}"
            return ""
        act = ACTIONS[a].on(self.focus_branch)
        if not applicable[a]:
            return f"{act} is not applicable to branch B{act.branch}"
        if not legal[a]:
            return self._illegal(act)
        if self.lazy_masks and self._needs_check(a):
            why = self._illegal(act)
            if why:
                legal[a] = False
            return why
        return ""

    def _illegal(self, act) -> str:
        """Why the current schedule followed by `act` is illegal ("" when it is legal)."""
        s = self.state
        text = str(s.schedule.then(act))
        key = (s.program.key, text)
        why = self._legal.get(key)
        if why is not None:
            return why
        try:  # what the transformation itself refuses is this polyrl's answer, never the store's
            nest = apply_action(s.nest, act)
        except PolyrlError as e:
            self._legal[key] = e.message
            return e.message
        store_key, record = None, None
        if self.store is not None:
            store_key = StoreKey(s.program.hash, text, machine_fingerprint(),
                                 s.program.spec.toolchain(self.toolchain).key())
            record = self.store.get(store_key, any_codegen=True)  # its legality, whatever code it timed
            if record is not None and record.legal is not None:
                why = "" if record.legal else (record.detail or f"{act} is illegal (memo store)")
        if why is None:
            try:
                check(s.program.program.model, nest, act)
                why = ""
            except PolyrlError as e:
                why = e.message
                if store_key is not None and record is None:  # never overwrite a measurement
                    self.store.put(store_key, Record(False, "illegal", (), None, why))
        self._legal[key] = why
        return why
