"""Random schedules drawn without regard to legality, and their unchecked application.

Owns the fuzzer's draw: 1..MAX_ACTIONS actions over the branches and levels that exist
after the actions before them (drawn on the unchecked nest, so a schedule may break any
dependence; an action that does not fit the nest's shape, such as one naming a jammed
point loop, is drawn again), and `apply_unchecked`, which applies a schedule with no legality check at
all. Unchecked application is a test-only mode: only this package uses it, and nothing
reachable from `polyrl optimize` or `polyrl run` imports this module.
"""

from __future__ import annotations

import hashlib
import random

from polyrl.errors import PolyrlError
from polyrl.measure.schedules import draw_action
from polyrl.poly.schedule import Action, Schedule
from polyrl.poly.transform import LoopNest, apply_action

MAX_ACTIONS = 4
TRIES_PER_ACTION = 12

# `draw_action` draws what a search or an agent would use (power-of-two tiles of 8 and
# more, skews of 1 and 2). Generated programs here have extents of 8 to a few hundred,
# so half the draws get odd parameters instead: tiles that leave partial tiles, odd
# unroll factors that leave remainders, and negative skews.
ODD_TILE_SIZES = (2, 3, 4, 5, 7, 8, 16)
ODD_UNROLL_FACTORS = (2, 3, 5, 8, 16)
ODD_SKEW_FACTORS = (-2, -1, 1, 2, 3)
ODD_PARAMS = 0.5
# how often a schedule starts with isl's affine scheduler (A, fusion 0-3) and draws its
# other actions on the loops it made
AFFINE_FIRST = 0.2


def schedule_seed(corpus_seed: int, index: int, k: int) -> int:
    """The seed of the k-th schedule of program `index`; sha256, so the same everywhere."""
    digest = hashlib.sha256(f"polyrl-fuzz:{corpus_seed}:{index}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _odd_params(rng: random.Random, action: Action) -> Action:
    k, a = action.kind, action.args
    if k == "T2":
        a = a[:2] + tuple(rng.choice(ODD_TILE_SIZES) for _ in range(2))
    elif k == "T3":
        a = a[:3] + tuple(rng.choice(ODD_TILE_SIZES) for _ in range(3))
    elif k == "U":
        a = (rng.choice(ODD_UNROLL_FACTORS),)
    elif k == "S":
        a = a[:2] + (rng.choice(ODD_SKEW_FACTORS),)
    return Action(action.branch, k, a)


def draw_schedule(rng: random.Random, nest: LoopNest) -> Schedule:
    """1..MAX_ACTIONS random actions, each on a branch and levels of the nest as the
    actions before it left it; legality plays no part."""
    actions: list[Action] = []
    if nest.branches() and rng.random() < AFFINE_FIRST:
        action = Action(0, "A", (rng.randrange(4),))
        try:
            nest = apply_action(nest, action)
            actions.append(action)
        except PolyrlError:
            pass  # isl found no schedule the loop tree can hold
    for _ in range(rng.randint(1, MAX_ACTIONS)):
        if not nest.branches():
            break
        for _ in range(TRIES_PER_ACTION):
            action = draw_action(rng, nest, 0)
            if rng.random() < ODD_PARAMS:
                action = _odd_params(rng, action)
            try:
                nest = apply_action(nest, action)
            except PolyrlError:
                continue  # the action does not fit the nest (e.g. it names a jammed point loop)
            actions.append(action)
            break
    return Schedule(tuple(actions))


def draw_schedules(nest: LoopNest, count: int, corpus_seed: int, index: int) -> list[Schedule]:
    """`count` schedules for program `index`, distinct where the program allows it."""
    out: list[Schedule] = []
    seen: set[str] = set()
    k = 0
    while len(out) < count:
        s = draw_schedule(random.Random(schedule_seed(corpus_seed, index, k)), nest)
        k += 1
        text = str(s)
        if text in seen and k < 8 * count:
            continue
        seen.add(text)
        out.append(s)
    return out


def apply_unchecked(nest: LoopNest, schedule: Schedule) -> LoopNest:
    """Every action applied in order with no legality check (test-only; see the module doc).

    Raises PolyrlError only when an action names a branch or level that does not exist.
    """
    for action in schedule.actions:
        nest = apply_action(nest, action)
    return nest
