"""Search distillation (one step of expert iteration): train the policy to take, on each
program of a corpus, the fastest schedule the memo store has measured for it.

PPO on this machine learns slowly because one reward is one noisy timing of a small
program. Distillation spends the same measurements differently: a program's candidates
(`polyrl measure --schedules FILE`, the final states of earlier PPO runs, anything in the
store for the program and toolchain) are compared side by side, and the best of them is
the target. The policy then imitates targets, step by step, through the environment's
own branch traversal, and can be refined further with PPO (`polyrl train --init`).

Two pieces:

- `scripted_schedules`: a few schedule families that apply one recipe to every branch of a
  program (parallelize the outermost legal loop; tile the outer pair first; swap the
  innermost pair; jam, unroll or vectorize after parallelizing; for dense loops, swap and
  tile the innermost pair, then jam and vector code), each action kept only
  when it is applicable and the exact legality check accepts it. They are candidates to
  measure, not answers: which recipe (if any) wins on a program is what the measurements
  say. `polyrl distill --write-candidates FILE` writes them in `polyrl measure`'s format.
- `targets` + `distill`: per program, the measured schedule with the lowest time among the
  ok, verified records of the toolchain; when it is not `min_speedup` faster than the
  baseline the target is the original program (Next on every branch). Among schedules
  within `tie` of the best, the shortest is taken (the extra actions of a longer one are
  within noise). Each target is replayed through `PolyEnv` (lazy masks) into (observation,
  mask, action) steps (on several processes with `workers`, in the same order); the actor
  is trained with cross-entropy on the masked logits and the critic on log4 of the
  target's speedup (the return of every step of its episode). Finished replays go to a
  journal beside the checkpoint (OUT.replays, `ReplayJournal`) as they finish: Ctrl-C or a
  failure during the replays loses none of them, and the same command goes on from there.

Owns the recipes, the target choice, the replay and the supervised training loop; the
network is polyrl.model.actor_critic's, the checkpoint format polyrl.search.policy's.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing as mp
import pickle
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch_geometric.data import Batch, Data

from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import ActorCritic, MaskedCategorical
from polyrl.model.backbone import torch_threads
from polyrl.model.costmodel import ANY_MACHINE, graph_fields, graph_from_fields
from polyrl.model.files import read_torch_file
from polyrl.poly.legality import checked_apply
from polyrl.poly.macros import macro_schedules
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import LoopNest, branch_identity, branch_of
from polyrl.rl.actions import (
    ACTIONS,
    FORM,
    NEW_ACTION_BIAS,
    NEXT,
    action_index,
    applicable_mask,
    last_on_branch,
    loop_extents,
)
from polyrl.rl.checkpoint import is_policy_checkpoint, load_policy, save_policy
from polyrl.rl.env import PolyEnv, log4
from polyrl.rl.state import LoadedProgram, ProgramSpec, State, corpus_programs
from polyrl.runtime import MemoStore, Toolchain, machine_fingerprint

# ---------------------------------------------------------------- scripted candidates


class _Walker:
    """A recipe's episode, and what a recipe sees of its focus branch: `depth`, and
    `take(text)`, which applies the action when it is applicable and legal (True) or leaves
    the state as it is. The focus is kept by identity (the first statement under the
    branch's innermost loop), as in the environment, since an interchange that distributes
    a loop renumbers the branches."""

    def __init__(self, lp: LoadedProgram):
        self.lp = lp
        self.nest: LoopNest = lp.program.model.original
        self.schedule = Schedule()
        self.focus = branch_identity(self.nest, self.nest.branches()[0])

    @property
    def branch(self) -> int:
        return branch_of(self.nest, self.focus)

    @property
    def depth(self) -> int:
        return len(self.nest.loops_on(self.nest.branches()[self.branch]))

    def take(self, text: str) -> bool:
        try:
            k = action_index(text)
        except KeyError:  # a level beyond the table's (the policy cannot take it either)
            return False
        branch = self.branch
        path = self.nest.branches()[branch]
        mask = applicable_mask(self.nest, path, loop_extents(self.lp.program.scop, self.nest, path),
                               last_on_branch(self.schedule.actions, branch))
        if not mask[k]:
            return False
        act = ACTIONS[k].on(branch)
        try:
            new = checked_apply(self.lp.program.model, self.nest, act)
        except PolyrlError:
            return False
        self.schedule, self.nest = self.schedule.then(act), new
        return True

    def first(self, *texts: str) -> bool:
        """Take the first of `texts` that applies; False when none does."""
        return any(self.take(t) for t in texts)


Recipe = Callable[[_Walker], None]


def _par(b: _Walker) -> bool:
    return b.first("P(0)", "P(1)")


def _tile_par(size: int) -> Recipe:
    def recipe(b: _Walker) -> None:
        b.take(f"T2(0,1,{size},{size})")
        _par(b)
    return recipe


def _swap_par(b: _Walker) -> None:
    if b.depth >= 2:
        b.take(f"I({b.depth - 2},{b.depth - 1})")
    _par(b)


def _par_jam(b: _Walker) -> None:
    _par(b)
    if b.depth >= 2:
        b.take(f"J({b.depth - 2},4)")


def _tile_par_jam(b: _Walker) -> None:
    b.take("T2(0,1,32,32)")
    _par(b)
    if b.depth >= 2:
        b.first(f"J({b.depth - 2},4)", f"J({b.depth - 2},2)")


def _locality(swap: bool, tile: bool) -> Recipe:
    """Cache and register locality for dense loops: optionally swap the innermost pair (so
    a stride-1 reference may run innermost), optionally tile the innermost pair (64 x 128),
    parallelize the outermost legal loop, unroll-and-jam the loop just outside the innermost
    by 4 into it (register blocking), and write the innermost loop as vector code. Each step
    is taken only where it applies and is legal, so on a shallow or dependent branch the
    recipe degrades to its legal part."""
    def recipe(b: _Walker) -> None:
        d = b.depth
        if swap and d >= 2:
            b.take(f"I({d - 2},{d - 1})")
        if tile and d >= 2 and b.take(f"T2({d - 2},{d - 1},64,128)"):
            d += 2  # the point loops are the two innermost levels now
        _par(b)
        if d >= 2:
            b.first(f"J({d - 2},4)", f"J({d - 2},2)")
        b.take("V()")
    return recipe


# name -> recipe applied to every branch, left to right
RECIPES: dict[str, Recipe] = {
    "par": _par,
    "tile32-par": _tile_par(32),
    "tile64-par": _tile_par(64),
    "swap-par": _swap_par,
    "par-jam": _par_jam,
    "par-unroll": lambda b: (_par(b), b.take("U(4)")),
    "par-vector": lambda b: (_par(b), b.take("V()")),
    "tile32-par-jam": _tile_par_jam,
    "par-jam-vector": _locality(swap=False, tile=False),
    "swap-par-jam-vector": _locality(swap=True, tile=False),
    "tile-par-jam-vector": _locality(swap=False, tile=True),
    "swap-tile-par-jam-vector": _locality(swap=True, tile=True),
}


def scripted_schedules(program: LoadedProgram | ProgramSpec | str,
                       recipes: dict[str, Recipe] | None = None) -> dict[str, str]:
    """Recipe name -> the schedule text it makes on `program` (empty texts and repeats of
    an earlier recipe's schedule are left out)."""
    lp = program if isinstance(program, LoadedProgram) else LoadedProgram.of(program)
    out: dict[str, str] = {}
    for name, recipe in (recipes or RECIPES).items():
        w = _Walker(lp)
        while True:
            recipe(w)
            branches = w.nest.branches()
            if w.branch + 1 >= len(branches):
                break
            w.focus = branch_identity(w.nest, branches[w.branch + 1])
        text = str(w.schedule)
        if text and text not in out.values():
            out[name] = text
    return out


def candidate_schedules(spec: ProgramSpec, random_count: int = 0, seed: int = 0) -> list[str]:
    """What `polyrl distill --write-candidates` writes for one program: its recipe
    schedules, its macro schedules (polyrl.poly.macros), then up to `random_count` random legal schedules drawn from the program's
    `seed` (`polyrl measure --schedules random:K` draws the same ones from the seed
    `polyrl.measure.scheduler.discover` gives the file), leaving out repeats."""
    from polyrl.measure.schedules import random_schedules

    lp = LoadedProgram.of(spec)
    out = list(scripted_schedules(lp).values())
    for schedule in macro_schedules(lp.program.model).values():
        if str(schedule) not in out:
            out.append(str(schedule))
    for schedule in random_schedules(lp.program.model, random_count, seed) if random_count > 0 else ():
        if str(schedule) not in out:
            out.append(str(schedule))
    return out


# ---------------------------------------------------------------- targets


@dataclass(frozen=True)
class Target:
    program: ProgramSpec
    schedule: str  # "" for the original program
    speedup: float  # baseline time / target time (1 for the original)
    candidates: int  # measured schedules of the program the target was chosen among
    # the program's other schedules at least min_speedup faster than the original, fastest
    # first: what to imitate when `schedule` cannot be replayed (an action outside the
    # policy's action space, such as a 3-D tile of `polyrl measure --schedules random:K`)
    fallbacks: tuple[tuple[str, float], ...] = ()

    def alternatives(self) -> Iterator[Target]:
        """This target, then its fallbacks, then the original program."""
        yield self
        for schedule, speedup in self.fallbacks:
            yield Target(self.program, schedule, speedup, self.candidates)
        if self.schedule:
            yield Target(self.program, "", 1.0, self.candidates)


def listed_name(spec: ProgramSpec) -> str:
    """A program's name in a schedule file (polyrl.measure.schedules.read_schedule_file
    names programs by file stem)."""
    return spec.name.removesuffix(".c")



def targets(corpus: str | Path, store: MemoStore, toolchain: Toolchain, min_speedup: float = 1.1,
            tie: float = 0.05, allowed: dict[str, set[str]] | None = None,
            machine: str | None = None) -> tuple[list[Target], list[str]]:
    """The target of every corpus program whose baseline the store has measured (with the
    toolchain, on `machine`: this machine by default), and notes on the programs left
    out. With `machine` ANY_MACHINE a program's times come from the (machine, toolchain)
    that measured most of its schedules, whatever the toolchain: a target is always chosen
    among one machine's times with one compiler, never across them. With `allowed`
    (program name -> schedule texts) only those of a program's measured schedules may be
    its target or fallbacks ("*" lists schedules of every program); the rest of the store
    is not read for it."""
    specs = corpus_programs(corpus)
    machine = machine or machine_fingerprint()
    # program hash -> toolchain -> machine -> schedule -> time
    by_hash: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for key, rec in store.items():
        if (machine != ANY_MACHINE and key.machine != machine) or rec.status != "ok" or rec.verified is False \
                or not rec.times:
            continue
        by_hash.setdefault(key.program, {}).setdefault(key.toolchain, {}).setdefault(
            key.machine, {})[key.schedule] = min(rec.times)
    out, notes = [], []
    for spec in specs:
        if spec.hash and spec.hash not in by_hash:
            # nothing measured for it here: no need to build its isl model (a second each), which for a corpus
            # `polyrl dataset import` wrote from every machine's labels took hours (session 61)
            notes.append(f"{spec.name}: no baseline in the store for this toolchain")
            continue
        try:
            lp = LoadedProgram.of(spec)
        except PolyrlError as e:
            notes.append(f"{spec.name}: {e.message}")
            continue
        tkey = spec.toolchain(toolchain).key()
        # every toolchain's times with ANY_MACHINE (a lent machine's compiler is another
        # toolchain): still one (machine, toolchain)'s times per program, never a mixture
        by_toolchain = by_hash.get(lp.hash, {})
        pairs = by_toolchain.values() if machine == ANY_MACHINE else [by_toolchain.get(tkey, {})]
        measured = [t for per_machine in pairs for t in per_machine.values() if "" in t]
        times = max(measured, key=len) if measured else None  # (one machine's, with a baseline)
        if not times:
            notes.append(f"{spec.name}: no baseline in the store for this toolchain")
            continue
        if allowed is not None:
            mine = allowed.get(listed_name(spec), set()) | allowed.get("*", set())
            times = {s: t for s, t in times.items() if not s or s in mine}
        base = times[""]
        best = min(times.values())
        if base / best < min_speedup:
            out.append(Target(spec, "", 1.0, len(times) - 1))
            continue
        close = [(len(s.split()), t, s) for s, t in times.items() if s and t <= best * (1 + tie)]
        _, t, s = min(close)
        rest = sorted((t2, s2) for s2, t2 in times.items() if s2 and s2 != s and base / t2 >= min_speedup)
        out.append(Target(spec, s, base / t, len(times) - 1, tuple((s2, base / t2) for t2, s2 in rest)))
    return out, notes


def prefer_form(target: Target, form: str, within: float) -> Target:
    """`target` with `form`, the program's Pluto form (the F action's schedule), as its
    schedule when the form was measured and is at most `within` slower than the fastest
    (the fastest becomes a fallback); else `target` itself. The form is one decision
    where the per-branch plans are several."""
    if not form or form == target.schedule:
        return target
    speedup = dict(target.fallbacks).get(form)
    if speedup is None or speedup * (1 + within) < target.speedup:
        return target
    rest = tuple(sorted([(s, x) for s, x in target.fallbacks if s != form] + [(target.schedule, target.speedup)],
                        key=lambda f: -f[1]))
    return Target(target.program, form, speedup, target.candidates, rest)


# ---------------------------------------------------------------- replay

class _Unit:
    """A rewarder that measures nothing: replays need observations and masks only."""

    kind = "none"

    def speedup(self, state: State, final: bool) -> float:
        return 1.0


@dataclass
class Demo:
    """One program's target as environment steps."""

    target: Target
    observations: list[Data] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)


def _macro_for(env: PolyEnv, wanted: list) -> tuple[int, int] | None:
    """(macro action, how many of `wanted` it builds) when the next actions of the target
    on the focus branch are exactly a macro's plan there (the longest such plan), else None."""
    best = None
    for k, template in enumerate(ACTIONS):
        if not template.macro or not env.action_masks()[k] or not env.legal(k):
            continue
        acts = env.expansion(k)
        if acts and list(wanted[: len(acts)]) == acts and (best is None or len(acts) > best[1]):
            best = (k, len(acts))
    return best


def replay(env: PolyEnv, target: Target) -> Demo:
    """The environment steps that build `target.schedule` (Next where the schedule moves to
    a later branch, and after its last action until the episode ends; a macro action where
    the schedule's next actions on the branch are its plan). Raises PolyrlError
    when the schedule cannot be built that way (an action on an earlier branch, or one
    the environment refuses, or one outside the action space)."""
    obs, info = env.reset(options={"program": target.program})
    wanted = list(Schedule.parse(target.schedule).actions) if target.schedule else []
    demo = Demo(target)
    while True:
        branch = info["branch"]
        if wanted and wanted[0].branch < branch:
            raise PolyrlError(f"{wanted[0]} comes after the focus left branch B{wanted[0].branch}")
        take = 1
        if wanted and wanted[0].branch == branch:
            act = wanted[0]
            macro = _macro_for(env, wanted)
            if macro is not None:
                a, take = macro
            else:
                try:
                    a = action_index(f"{act.kind}({','.join(map(str, act.args))})")
                except KeyError:
                    raise PolyrlError(f"{act} is not one of the policy's actions") from None
                if not env.legal(a):
                    raise PolyrlError(f"the environment refuses {act} after `{info['schedule']}`")
        else:
            a = NEXT
        mask = env.action_masks()
        demo.observations.append(obs)
        demo.masks.append(mask)
        demo.actions.append(a)
        obs, _, terminated, truncated, info = env.step(a)
        if a != NEXT:
            del wanted[:take]
        if terminated or truncated:
            break
    if wanted or info["schedule"] != target.schedule:
        raise PolyrlError(f"the replay ended at `{info['schedule']}`, not `{target.schedule}`")
    return demo


def _replay_target(env: PolyEnv, t: Target, within: float | None) -> tuple[Demo | None, str, bool]:
    """(the demo of `t` or of the first of its alternatives that replays, a note when the
    target itself did not, whether the Pluto form replaced it (`prefer_form` with
    `within`))."""
    preferred = False
    if within is not None and t.schedule:
        # the form as the environment plans it (remembered there for the replay)
        env.reset(options={"program": t.program})
        form = prefer_form(t, str(Schedule(tuple(env.expansion(FORM)))), within)
        if form is not t:
            t, preferred = form, True
    note = ""
    for k, alt in enumerate(t.alternatives()):
        try:
            return replay(env, alt), note, preferred
        except PolyrlError as e:
            if k == 0:
                note = f"{t.program.name}: {e.message}"
    return None, note, preferred


_WORKER: dict = {}  # a replay worker's environment (and its store), made once per process


def _worker_init(store: str, max_steps: int) -> None:
    # the parent alone answers Ctrl-C (it keeps the finished replays, then ends the pool)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["store"] = MemoStore(store)
    _WORKER["env"] = PolyEnv(_Unit(), store=_WORKER["store"], max_steps=max_steps, lazy_masks=True)


def _as_fields(result: tuple[Demo | None, str, bool]) -> tuple[Demo | None, str, bool]:
    """A replay's result with its observations as numpy fields (`graph_fields`): what a worker sends back (as torch
    tensors each would travel as a file descriptor the parent keeps open, and a few thousand programs' steps ran
    out of them: "received 0 items of ancdata", session 61, 2,100 of 3,047 replays lost) and what the journal
    keeps."""
    demo, note, form = result
    if demo is not None:
        demo = replace(demo, observations=[o if isinstance(o, dict) else graph_fields(o) for o in demo.observations])
    return demo, note, form


def _as_graphs(result: tuple[Demo | None, str, bool]) -> tuple[Demo | None, str, bool]:
    demo, note, form = result
    if demo is not None:
        demo = replace(demo, observations=[graph_from_fields(o) if isinstance(o, dict) else o
                                           for o in demo.observations])
    return demo, note, form


def _worker_replay(job: tuple[Target, float | None]) -> tuple[Demo | None, str, bool]:
    """A replay in a pool worker, its observations sent back as numpy fields (`_as_fields`)."""
    return _as_fields(_replay_target(_WORKER["env"], *job))


# ---------------------------------------------------------------- the replay journal

JOURNAL_SUFFIX = ".replays"
JOURNAL_FORMAT = "polyrl distill replays 1"


def journal_path(out: str | Path) -> Path:
    """Where `polyrl distill --out OUT` keeps its finished replays until OUT is written: OUT.replays."""
    return Path(str(out) + JOURNAL_SUFFIX)


def _code_fingerprint() -> str:
    """A digest of the code a replay's observations and masks come from (the program graphs, the action table and
    masks, the environment, the polyhedral layer): a journal written by other code is not read."""
    root = Path(__file__).resolve().parents[1]
    files = sorted([*(root / "poly").glob("*.py"), root / "model" / "features.py", root / "rl" / "actions.py",
                    root / "rl" / "env.py", root / "rl" / "state.py", Path(__file__).resolve()])
    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _replay_key(t: Target, within: float | None, max_steps: int) -> str:
    """What a replay's result depends on besides the code: the program (its text), the target and its
    alternatives, `prefer_form`'s margin and the episode length."""
    spec = t.program
    h = hashlib.sha256(Path(spec.path).read_bytes())
    h.update(repr((spec.defines, spec.include_dirs, spec.function, spec.scop, t.schedule, t.speedup, t.candidates,
                   t.fallbacks, within, max_steps)).encode())
    return h.hexdigest()


class ReplayJournal:
    """An append-only file of finished replays (pickled records after a header naming the code that made them),
    so that an interrupted or failed distillation goes on where it stopped: `distill` reads it before replaying,
    writes each replay as it finishes, and removes it once the checkpoint is written (unless kept). A header of
    other code or a torn last record (a kill mid-write) costs only the replays it cannot vouch for."""

    def __init__(self, path: Path, log: Callable[[str], None]):
        self.path = path
        # the replays read back (written ones are not kept here: the caller holds them)
        self.done: dict[str, tuple[Demo | None, str, bool]] = {}
        self.count = 0  # finished replays in the file
        header = {"format": JOURNAL_FORMAT, "code": _code_fingerprint()}
        good = 0
        path.parent.mkdir(parents=True, exist_ok=True)  # (as the checkpoint's folder will be)
        if path.is_file():
            with open(path, "rb") as f:
                try:
                    if pickle.load(f) != header:
                        log(f"{path}: its replays were made by other code; replaying again")
                    else:
                        good = f.tell()
                        while True:
                            key, result = pickle.load(f)
                            self.done[key] = result
                            good = f.tell()
                except EOFError:
                    pass
                except Exception as e:  # noqa: BLE001 - any unreadable record ends what the journal vouches for
                    log(f"{path}: kept the {len(self.done)} replays before an unreadable record ({e.__class__.__name__})")
        self.count = len(self.done)
        if good:
            self._file = open(path, "r+b")  # noqa: SIM115 - open for the journal's life (close)
            self._file.truncate(good)
            self._file.seek(good)
        else:
            self.done.clear()
            self.count = 0
            self._file = open(path, "wb")  # noqa: SIM115
            pickle.dump(header, self._file)
            self._file.flush()

    def add(self, key: str, result: tuple[Demo | None, str, bool]) -> None:
        pickle.dump((key, _as_fields(result)), self._file, protocol=pickle.HIGHEST_PROTOCOL)
        self._file.flush()
        self.count += 1

    def close(self) -> None:
        self._file.close()


def _replay_all(found: list[Target], config: DistillConfig, log: Callable[[str], None],
                journal: ReplayJournal | None = None) -> tuple[list[Demo], list[str], int]:
    """Every target replayed (in `found`'s order, on `config.workers` processes): the demos,
    the notes on targets that fell back to an alternative, and how many imitate the form.
    With a `journal`, replays it already holds are taken from it and each new one is added as it
    finishes; Ctrl-C (KeyboardInterrupt) keeps those written and passes on."""
    start = time.perf_counter()
    results: dict[int, tuple[Demo | None, str, bool]] = {}
    if journal is not None:
        keys = [_replay_key(t, config.prefer_form, config.max_steps) for t in found]
        results = {i: journal.done.pop(k) for i, k in enumerate(keys) if k in journal.done}
        if results:
            log(f"{len(results)} of {len(found)} replays taken from {journal.path}")
    todo = [i for i in range(len(found)) if i not in results]

    def take(i: int, result: tuple[Demo | None, str, bool], n: int) -> None:
        if journal is not None:
            journal.add(keys[i], result)
        results[i] = result
        if n % 50 == 0 or n == len(todo):
            log(f"replayed {len(results)}/{len(found)} targets ({time.perf_counter() - start:.0f} s)")

    if config.workers <= 1 or len(todo) <= 1:
        with MemoStore(config.store) as store:
            env = PolyEnv(_Unit(), store=store, max_steps=config.max_steps, lazy_masks=True)
            for n, i in enumerate(todo, 1):
                take(i, _replay_target(env, found[i], config.prefer_form), n)
    else:
        # spawned, not forked: the parent holds isl state; each worker opens the store itself
        # (WAL: several processes may record refusals at once)
        pool = mp.get_context("spawn").Pool(config.workers, initializer=_worker_init,
                                            initargs=(config.store, config.max_steps))
        try:
            jobs = [(found[i], config.prefer_form) for i in todo]
            for n, (i, result) in enumerate(zip(todo, pool.imap(_worker_replay, jobs, chunksize=4), strict=True), 1):
                take(i, result, n)
            pool.close()
        except BaseException:
            pool.terminate()  # Ctrl-C or a failed replay: the workers' unfinished replays are dropped
            raise
        finally:
            pool.join()
    if not todo:
        log(f"replayed {len(found)}/{len(found)} targets (every one from the journal)")
    demos, fell_back, preferred = [], [], 0
    for i in range(len(found)):
        demo, note, form = _as_graphs(results[i])
        if demo is not None:
            demos.append(demo)
        if note:
            fell_back.append(note)
        preferred += form
    return demos, fell_back, preferred


# ---------------------------------------------------------------- training


@dataclass
class DistillConfig:
    corpus: str
    store: str
    out: str
    init: str | None = None  # a policy checkpoint, or a cost model (backbone + value head)
    targets: str | None = None  # `prog: SCHEDULE` file: only its schedules may be targets
    machine: str | None = None  # whose labels: this machine (None), a fingerprint, or ANY_MACHINE
    prefer_form: float | None = None  # the form (F) is the target when within this of the fastest
    toolchain: Toolchain = field(default_factory=Toolchain)
    min_speedup: float = 1.1
    tie: float = 0.05
    epochs: int = 30
    lr: float = 3e-4
    batch_size: int = 64
    val_fraction: float = 0.1
    vf_coef: float = 0.5
    seed: int = 0
    max_steps: int = 32  # episode truncation of the replays and of the written policy
    torch_threads: int = 1
    workers: int = 1  # processes that replay the targets
    # the journal of finished replays (journal_path(out)) is removed once `out` is written, unless kept (another
    # distillation of the same targets, say with other epochs or lr, then starts from it)
    keep_replays: bool = False


def _load_init(path: str | None, log: Callable[[str], None]) -> ActorCritic:
    if path is None:
        return ActorCritic()
    ckpt = read_torch_file(path, "--init checkpoint")
    if is_policy_checkpoint(ckpt):
        if ckpt.get("members"):
            log(f"{path} is an ensemble: starting from its first network")
        model = load_policy(path)[0]
        _open_new_actions(model, log)
        return model
    return ActorCritic.from_costmodel(path)


def _open_new_actions(model: ActorCritic, log: Callable[[str], None]) -> None:
    """Give the actions a widened checkpoint never learned (zero weights, bias
    NEW_ACTION_BIAS) the median bias of the others: at -30 the targets that take them
    could not raise them within a distillation's few thousand Adam steps of lr 1e-4."""
    last = model.policy[-1]
    with torch.no_grad():
        fresh = (last.bias <= NEW_ACTION_BIAS + 1) & (last.weight.abs().sum(dim=1) == 0)
        if fresh.any() and (~fresh).any():
            last.bias[fresh] = last.bias[~fresh].median()
            log(f"{int(fresh.sum())} action(s) new to the --init policy start from the median bias: "
                + ", ".join(str(ACTIONS[k]) for k in fresh.nonzero().flatten().tolist()))


def _batches(steps: list[tuple[Data, np.ndarray, int, float]], size: int, rng: random.Random | None):
    order = list(range(len(steps)))
    if rng is not None:
        rng.shuffle(order)
    for i in range(0, len(order), size):
        chunk = [steps[j] for j in order[i:i + size]]
        yield (Batch.from_data_list([c[0] for c in chunk]),
               torch.from_numpy(np.stack([c[1] for c in chunk])),
               torch.tensor([c[2] for c in chunk]),
               torch.tensor([c[3] for c in chunk], dtype=torch.float32))


def _evaluate(model: ActorCritic, steps, size: int) -> tuple[float, float]:
    """(mean cross-entropy, action accuracy) of the masked policy on `steps`."""
    model.eval()
    loss, hits, n = 0.0, 0, 0
    with torch.no_grad():
        for data, mask, action, _ in _batches(steps, size, None):
            dist = MaskedCategorical(model(data)[0], mask)
            loss += float(-dist.log_prob(action).sum())
            hits += int((dist.logits.argmax(-1) == action).sum())
            n += len(action)
    return loss / max(n, 1), hits / max(n, 1)


def distill(config: DistillConfig, log: Callable[[str], None] | None = None) -> dict:
    """Targets from the store, replays, supervised training; writes the policy checkpoint
    with the best validation cross-entropy and returns its figures."""
    log = log or (lambda s: print(s, file=sys.stderr, flush=True))
    torch.manual_seed(config.seed)
    rng = random.Random(config.seed)
    model = _load_init(config.init, log)  # before the replays: a bad --init fails at once
    with MemoStore(config.store) as store:
        allowed = None
        if config.targets:
            from polyrl.measure.schedules import read_schedule_file

            allowed = {name: set(texts) for name, texts in read_schedule_file(Path(config.targets)).items()}
        found, notes = targets(config.corpus, store, config.toolchain, config.min_speedup, config.tie, allowed,
                               config.machine)
        if allowed is not None and "*" not in allowed and not any(listed_name(t.program) in allowed for t in found):
            raise PolyrlError("no program of the targets file is in the corpus (names are file stems, e.g. "
                              "`prog_000042: B0:P(0)`)", config.targets)
        if not found:
            from polyrl.runtime.store import legacy_fingerprint

            hint = ("measure it with `polyrl measure` and the same --threads/--flags" if legacy_fingerprint()
                    not in store.machines() else "its records have this machine's old key: if they were measured "
                    f"here, `polyrl dataset adopt {config.store}` files them under the new one")
            raise PolyrlError(f"no program of the corpus has a measured baseline in the store for this machine "
                              f"and toolchain ({hint})", config.store)
    journal = ReplayJournal(journal_path(config.out), log)
    try:
        demos, fell_back, preferred = _replay_all(found, config, log, journal)
    except KeyboardInterrupt:
        log(f"interrupted: the {journal.count} finished replays are kept in {journal.path}; the same command "
            "goes on from there")
        return {"programs": 0, "targets": 0, "replays_kept": journal.count, "interrupted": True}
    finally:
        journal.close()
    if config.prefer_form is not None:
        log(f"{preferred} program(s) imitate the Pluto form, measured within {config.prefer_form:.0%} of their fastest")
    for n in notes[:10]:
        log(f"left out: {n}")
    if len(notes) > 10:
        log(f"... and {len(notes) - 10} more left out")
    if fell_back:
        log(f"{len(fell_back)} program(s) imitate their next fastest schedule (or none), the fastest could not "
            f"be replayed; e.g. {fell_back[0]}")
    improved = [d for d in demos if d.target.schedule]
    log(f"{len(demos)} programs: {len(improved)} with a target schedule (geomean speedup "
        f"{math.exp(np.mean([math.log(d.target.speedup) for d in improved])) if improved else 1:.2f}x), "
        f"{len(demos) - len(improved)} kept as they are")
    taken: dict[str, int] = {}  # how often each macro action is taken in the replays
    for d in demos:
        for a in d.actions:
            if ACTIONS[a].macro or ACTIONS[a].kind == "A":
                taken[str(ACTIONS[a])] = taken.get(str(ACTIONS[a]), 0) + 1
    if taken:
        log("macro and affine steps in the targets: " + ", ".join(f"{k} {n}" for k, n in sorted(taken.items())))
    rng.shuffle(demos)
    n_val = max(1, int(len(demos) * config.val_fraction)) if len(demos) > 1 and config.val_fraction > 0 else 0
    val_demos, train_demos = demos[:n_val], demos[n_val:]

    def flatten(ds: Iterable[Demo]):
        return [(o, m, a, log4(d.target.speedup)) for d in ds
                for o, m, a in zip(d.observations, d.masks, d.actions, strict=True)]

    train_steps, val_steps = flatten(train_demos), flatten(val_demos)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.lr)
    best = (math.inf, {k: v.clone() for k, v in model.state_dict().items()}, 0, 0.0)
    interrupted = False
    try:
        # graphs are small: one intra-op thread is fastest, and more spin against other work
        with torch_threads(config.torch_threads):
            for epoch in range(1, config.epochs + 1):
                best = _epoch(model, optimizer, config, rng, train_steps, val_steps, epoch, best, log)
    except KeyboardInterrupt:  # keep the best epoch so far
        interrupted = True
        log("interrupted: writing the best epoch so far")
    model.load_state_dict(best[1])
    summary = {"programs": len(demos), "targets": len(improved), "train_steps": len(train_steps),
               "val_steps": len(val_steps), "best_epoch": best[2], "val_ce": best[0], "val_accuracy": best[3]}
    save_policy(model, config.out, config.max_steps, distill={**summary, "corpus": config.corpus,
                                                             "store": config.store, "init": config.init,
                                                             "targets": config.targets})
    log(f"wrote {config.out} (epoch {best[2]}: validation CE {best[0]:.3f}, accuracy {best[3]:.3f})")
    if config.keep_replays or interrupted:
        log(f"the replays are kept in {journal.path} (another distillation of the same targets starts from them)")
    else:
        journal.path.unlink(missing_ok=True)
    return summary | {"interrupted": interrupted}


def _epoch(model, optimizer, config: DistillConfig, rng, train_steps, val_steps, epoch: int, best, log):
    """One pass over the training steps; returns `best` updated with this epoch's model
    when its validation cross-entropy is the lowest so far."""
    model.train()
    for data, mask, action, ret in _batches(train_steps, config.batch_size, rng):
        logits, value = model(data)
        dist = MaskedCategorical(logits, mask)
        loss = -dist.log_prob(action).mean() + config.vf_coef * nn.functional.mse_loss(value, ret)
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        optimizer.step()
    tr_ce, tr_acc = _evaluate(model, train_steps, 256)
    va_ce, va_acc = _evaluate(model, val_steps, 256) if val_steps else (tr_ce, tr_acc)
    log(f"epoch {epoch}/{config.epochs}: train CE {tr_ce:.3f} accuracy {tr_acc:.3f}, "
        f"validation CE {va_ce:.3f} accuracy {va_acc:.3f}")
    if va_ce < best[0]:
        best = (va_ce, {k: v.clone() for k, v in model.state_dict().items()}, epoch, va_acc)
    return best
