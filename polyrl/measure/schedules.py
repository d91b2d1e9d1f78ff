"""Which schedules to measure: random legal schedules per program, or a schedule file.

Owns the random draw of actions over a program's branches and levels (each action is
applied and checked with `polyrl.poly.legality` before the next is drawn; illegal draws
are retried) and the `--schedules FILE` format. The draw depends only on the seed it is
given, so a program's schedules are the same on every run and every machine.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from pathlib import Path

from polyrl.errors import PolyrlError
from polyrl.poly.legality import Model, check
from polyrl.poly.schedule import Action, Schedule
from polyrl.poly.transform import LoopNest, apply_action

# (kind, weight): tiling, parallel loops and interchange are what schedules are made of;
# skews and reversals mostly matter as enablers, so they are drawn less often.
# Unroll-and-jam (J, J2: register blocking) is drawn like unrolling; explicit vector
# code (V) and packing (K) less often.
KIND_WEIGHTS = (("T2", 0.24), ("P", 0.2), ("I", 0.2), ("U", 0.12), ("T3", 0.08), ("S", 0.09), ("R", 0.07),
                ("J", 0.06), ("J2", 0.06), ("V", 0.05), ("K", 0.04), ("KT", 0.03))
TILE_SIZES = (8, 16, 32, 64, 128)
UNROLL_FACTORS = (2, 4, 8)
JAM_FACTORS = (2, 4)
SKEW_FACTORS = (1, 1, 2)
MAX_ACTIONS = 4
TRIES_PER_ACTION = 12


def schedule_seed(program_seed: int, k: int) -> int:
    digest = hashlib.sha256(f"polyrl-measure:{program_seed}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw_action(rng: random.Random, nest: LoopNest, first_branch: int) -> Action:
    """One random action on a branch >= first_branch (agents work left to right)."""
    branches = nest.branches()
    b = rng.randrange(min(first_branch, len(branches) - 1), len(branches))
    depth = len(branches[b])
    need = {"I": 2, "S": 2, "T2": 2, "T3": 3, "J": 2, "J2": 3, "K": 2, "KT": 2}
    kinds = [(k, w) for k, w in KIND_WEIGHTS if depth >= need.get(k, 1)]
    kind = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
    if kind == "I" or kind == "S":
        lo = rng.randrange(depth - 1)
        hi = rng.randrange(lo + 1, depth)
        args: tuple[int, ...] = (lo, hi) if kind == "I" else (lo, hi, rng.choice(SKEW_FACTORS))
    elif kind == "T2":
        lo = rng.randrange(depth - 1)
        args = (lo, lo + 1, rng.choice(TILE_SIZES), rng.choice(TILE_SIZES))
    elif kind == "T3":
        lo = rng.randrange(depth - 2)
        args = (lo, lo + 1, lo + 2, *(rng.choice(TILE_SIZES) for _ in range(3)))
    elif kind == "U":
        args = (rng.choice(UNROLL_FACTORS),)
    elif kind == "V":
        args = ()
    elif kind in ("K", "KT"):  # an array packed at a loop outside the innermost
        args = (rng.randrange(depth - 1), rng.randrange(max(1, len(nest.arrays))))
    elif kind == "J":  # a loop outside the innermost, jammed into it
        args = (rng.randrange(depth - 1), rng.choice(JAM_FACTORS))
    elif kind == "J2":
        lo = rng.randrange(depth - 2)
        args = (lo, rng.randrange(lo + 1, depth - 1), rng.choice(JAM_FACTORS), rng.choice(JAM_FACTORS))
    else:  # "P", "R": one level; parallel loops are worth more when outer
        args = (min(rng.randrange(depth), rng.randrange(depth)) if kind == "P" else rng.randrange(depth),)
    return Action(b, kind, args)


# kinds that do not go together on one branch: one unrolling of the innermost loop, and
# vector code is not unrolled
_EXCLUSIVE = [{a, b} for a in ("U", "J", "J2") for b in ("U", "J", "J2")] + [{"U", "V"}]


def random_schedule(model: Model, rng: random.Random) -> Schedule:
    """1..MAX_ACTIONS actions, each legal after the ones before it (fewer if draws keep failing)."""
    nest, actions, first = model.original, [], 0
    if not nest.branches():
        return Schedule()
    for _ in range(rng.randint(1, MAX_ACTIONS)):
        for _ in range(TRIES_PER_ACTION):
            action = draw_action(rng, nest, first)
            if action in actions or any(a.branch == action.branch and {a.kind, action.kind} in _EXCLUSIVE
                                        for a in actions):
                continue  # a repeat changes nothing (P, R twice) or only overrides (U); one unroll per branch
            try:
                new = apply_action(nest, action)
                check(model, new, action)
            except PolyrlError:
                continue
            nest, first = new, action.branch
            actions.append(action)
            break
    return Schedule(tuple(actions))


def random_schedules(model: Model, count: int, program_seed: int) -> list[Schedule]:
    """Up to `count` distinct, non-empty legal schedules (fewer when the program admits fewer)."""
    out: list[Schedule] = []
    seen: set[str] = {""}
    for k in range(4 * count):
        if len(out) == count:
            break
        s = random_schedule(model, random.Random(schedule_seed(program_seed, k)))
        text = str(s)
        if text not in seen:
            seen.add(text)
            out.append(s)
    return out


# ---------------------------------------------------------------- --schedules argument

_RANDOM = re.compile(r"random:(\d+)$")


@dataclass(frozen=True)
class ScheduleSpec:
    """What `--schedules` asks for: K random legal schedules, the macro schedules
    (polyrl.poly.macros), or a schedule file."""

    random_count: int | None = None
    macros: bool = False
    path: Path | None = None


def parse_spec(spec: str) -> ScheduleSpec:
    """`random:K`, `macros`, `macros+random:K` (either order), or a schedule file."""
    parts = [p.strip() for p in spec.strip().split("+")]
    random_count, macros = None, False
    for part in parts:
        m = _RANDOM.match(part)
        if m and random_count is None:
            random_count = int(m.group(1))
        elif part == "macros" and not macros:
            macros = True
        else:
            break
    else:
        return ScheduleSpec(random_count, macros)
    path = Path(spec)
    if not path.is_file():
        raise PolyrlError(f"--schedules must be random:K, macros, macros+random:K or a schedule file; "
                          f"`{spec}` is none of them")
    return ScheduleSpec(path=path)


def read_schedule_file(path: Path) -> dict[str, list[str]]:
    """Program name (file stem, "*" for every program) -> schedule texts, as written.

    One schedule per line, optionally after `NAME:` (e.g. `prog_000042: B0:P(0)`); `#`
    starts a comment. Schedules are made canonical here, so errors name the line.
    """
    out: dict[str, list[str]] = {}
    for no, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name = "*"
        m = re.match(r"([A-Za-z0-9_.\-]+)\s*:\s+(.*)$", line)
        if m and not re.match(r"B\d+:", line):
            name, line = m.group(1).removesuffix(".c"), m.group(2)
        text = str(Schedule.parse(line, f"{path}:{no}"))
        out.setdefault(name, []).append(text)
    return out
