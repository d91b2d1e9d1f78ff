"""The agent's 123 discrete actions on the focus branch, and which of them can apply.

Owns the table index <-> action template (defined here once; the policy head's output
order), the loop extents the masks need, and the applicability mask (what exists on the
branch and can change it). Legality under the dependences is `polyrl.poly.legality`'s;
the environment combines both.

| index | action | count |
|---|---|---|
| 0-3 | `I(l,l+1)` interchange adjacent levels, l = 0..3 | 4 |
| 4-7 | `R(l)` reversal, l = 0..3 | 4 |
| 8-11 | `S(l,l+1,1)` skew level l+1 by 1 x level l, l = 0..3 | 4 |
| 12-13 | `P(l)` parallelize, l = 0, 1 | 2 |
| 14-49 | `T2(l,l+1,x,y)` 2-D tiling, l = 0..3 (outer), x, y in {32, 64, 128}; index 14 + 9l + 3i + j for x = SIZES[i], y = SIZES[j] | 36 |
| 50-54 | `U(f)` unroll the innermost loop, f = 2, 4, 8, 16, 32 | 5 |
| 55-62 | `J(l,f)` unroll-and-jam level l into the innermost loop (register blocking), l = 0..3, f in {2, 4}; index 55 + 2l + (f == 4) | 8 |
| 63-74 | `J2(l,l+1,f,g)` unroll-and-jam levels l and l+1, l = 0..2, (f, g) in JAM_PAIRS; index 63 + 4l + pair | 12 |
| 75 | `V()` write the innermost loop as explicit vector code | 1 |
| 76-91 | `K(l,k)` pack array k (0..3, the Scop's arrays in order) at each iteration of level l = 0..3; index 76 + 4l + k | 16 |
| 92-107 | `KT(l,k)` the same with the buffer transposed (its last two dimensions swapped); index 92 + 4l + k | 16 |
| 108-114 | `M(p)` the macro schedule of size profile p (polyrl.poly.macros.PROFILES) on the branch: several actions in one step | 7 |
| 115-117 | `A(f)` isl's affine scheduler on the whole scop, fusion f = 0 (none), 1 (smart), 2 (max): its loops replace all others, and the focus goes back to branch 0 | 3 |
| 118-120 | `S(l,l+1,2)` skew level l+1 by 2 x level l, l = 0..2 | 3 |
| 121 | `F(5)` the whole program in the Pluto form (`polyrl.poly.macros.macro_plan` of profile 5, affine-tile: isl's schedule with the fusion that runs most in parallel, then its plan on every branch); the program's first action, and its last: the episode ends | 1 |
| 122 | `Next`: move the focus to the next branch (on the last one: end the episode) | 1 |

Indices 0-54 are the seed design's; the emitter's performance actions (register blocking,
vector code, packing) come after them, then the macros, the affine scheduler and the
skews by 2 and the whole-program form, so that `Next` stays last. A checkpoint of an
earlier table (109 actions, without the macros; 114, without A and the skews by 2; 122,
without F) still loads: its head is widened
with rows that give the new actions no chance until training teaches them (`widen_head`).

An action is inapplicable (masked) on a branch when a level it names does not exist, a
tile size is at least the loop's extent (one tile: nothing changes), the innermost loop
is already unrolled (or vector code) or an unroll factor exceeds its extent, a parallel loop already
exists on the branch (nested OpenMP regions would run serially), or it would undo the
previous action on the branch (R or I repeated at once); a skew is inapplicable on a
loop that was skewed already (chains of skews made isl's analysis of a state take minutes
in training, and a second skew of one loop is rarely worth it); unroll-and-jam is
inapplicable on the innermost loop, with a factor above the loop's extent, or on a branch
that already has a register block; V on a branch whose innermost loop is already vector
code or unrolled; K and KT on the innermost loop, for an array the program does not have, or
where that loop already packs the array; M after any other action on the branch or on
loops an action has marked (`polyrl.poly.macros.untouched`; a macro starts a branch, or
follows A); A and F
anywhere but on branch 0 of the program as written (they are a schedule's first action). Extents are the most
iterations a loop makes per iteration of its enclosing loops, with the parameters fixed
to `Scop.param_values` (DEFAULT_PARAM_VALUE where unknown, as in the program graph).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.poly.geometry import DEFAULT_PARAM_VALUE, LoopGeometry
from polyrl.poly.legality import Model, checked_apply
from polyrl.poly.macros import PROFILES, macro_plan, plan_branch, untouched
from polyrl.poly.params import resolve_params
from polyrl.poly.schedule import Action
from polyrl.poly.transform import LoopNest

TILE_SIZES = (32, 64, 128)
UNROLL_FACTORS = (2, 4, 8, 16, 32)
JAM_FACTORS = (2, 4)
JAM_PAIRS = ((2, 2), (2, 4), (4, 2), (4, 4))
PACK_ARRAYS = 4  # K(l,k) for the first 4 arrays of a program
# the profiles whose whole-program plan is one action F(p): the Pluto form
FORMS = ("affine-tile",)


@dataclass(frozen=True)
class ActionTemplate:
    """An action without its branch: `kind` is a polyrl.poly.schedule kind, or "Next"."""

    kind: str
    args: tuple[int, ...] = ()

    @property
    def levels(self) -> tuple[int, ...]:
        """The loop levels of the branch the action names (none for U and Next)."""
        return {"I": self.args[:2], "R": self.args[:1], "S": self.args[:2], "P": self.args[:1],
                "T2": self.args[:2], "J": self.args[:1], "J2": self.args[:2], "K": self.args[:1],
                "KT": self.args[:1]}.get(self.kind, ())

    @property
    def macro(self) -> bool:
        """An M(p) or F(p): several schedule actions in one step (see `expand`)."""
        return self.kind in ("M", "F")

    @property
    def ends(self) -> bool:
        """An F(p): the whole program's schedule; the episode ends after it."""
        return self.kind == "F"

    def on(self, branch: int) -> Action:
        """The schedule action on `branch` (Next is not a schedule action, and a macro is
        several: `expand`)."""
        if self.kind == "Next" or self.macro:
            raise ValueError(f"{self} is not one schedule action")
        return Action(branch, self.kind, self.args)

    def __str__(self) -> str:
        return "Next" if self.kind == "Next" else f"{self.kind}({','.join(map(str, self.args))})"


def _table() -> tuple[ActionTemplate, ...]:
    t = [ActionTemplate("I", (lvl, lvl + 1)) for lvl in range(4)]
    t += [ActionTemplate("R", (lvl,)) for lvl in range(4)]
    t += [ActionTemplate("S", (lvl, lvl + 1, 1)) for lvl in range(4)]
    t += [ActionTemplate("P", (lvl,)) for lvl in range(2)]
    t += [ActionTemplate("T2", (lvl, lvl + 1, x, y)) for lvl in range(4) for x in TILE_SIZES for y in TILE_SIZES]
    t += [ActionTemplate("U", (f,)) for f in UNROLL_FACTORS]
    t += [ActionTemplate("J", (lvl, f)) for lvl in range(4) for f in JAM_FACTORS]
    t += [ActionTemplate("J2", (lvl, lvl + 1, f, g)) for lvl in range(3) for f, g in JAM_PAIRS]
    t.append(ActionTemplate("V"))
    t += [ActionTemplate(kind, (lvl, k)) for kind in ("K", "KT") for lvl in range(4) for k in range(PACK_ARRAYS)]
    t += [ActionTemplate("M", (p,)) for p in range(len(PROFILES))]
    t += [ActionTemplate("A", (f,)) for f in range(3)]
    t += [ActionTemplate("S", (lvl, lvl + 1, 2)) for lvl in range(3)]
    t += [ActionTemplate("F", (p,)) for p, profile in enumerate(PROFILES) if profile.name in FORMS]
    t.append(ActionTemplate("Next"))
    return tuple(t)


ACTIONS: tuple[ActionTemplate, ...] = _table()
NUM_ACTIONS = len(ACTIONS)
NEXT = NUM_ACTIONS - 1
# F: the whole program in the Pluto form, one action that ends the episode
FORM = next(k for k, a in enumerate(ACTIONS) if a.ends)
assert NUM_ACTIONS == 123 and ACTIONS[NEXT].kind == "Next"
# what a policy checkpoint was trained with: a different table makes it meaningless
ACTION_TEXTS: tuple[str, ...] = tuple(str(a) for a in ACTIONS)
# per template, its levels and the deepest of them (-1: none), which applicable_mask asks
# for every template at every step (the property builds them each time)
_LEVELS: tuple[tuple[int, ...], ...] = tuple(a.levels for a in ACTIONS)
_DEEPEST: tuple[int, ...] = tuple(max(levels, default=-1) for levels in _LEVELS)


def action_index(text: str) -> int:
    """The index of a template's text, e.g. "T2(0,1,32,64)" or "Next"."""
    try:
        return ACTION_TEXTS.index(text.replace(" ", ""))
    except ValueError:
        raise KeyError(f"`{text}` is not one of the {NUM_ACTIONS} actions") from None


def expand(model: Model, nest: LoopNest, branch: int, template: ActionTemplate) -> tuple[list[Action], LoopNest]:
    """The schedule actions `template` stands for on `branch`, each checked legal, and the
    nest after them: one action, a macro's plan on the branch, or for F the whole
    program's plan (from the program as written, where F applies) ([] and `nest` when
    nothing of it is legal, or for one action the legality check refuses)."""
    if template.ends:
        return macro_plan(model, PROFILES[template.args[0]])
    if template.macro:
        return plan_branch(model, nest, branch, PROFILES[template.args[0]])
    act = template.on(branch)
    try:
        return [act], checked_apply(model, nest, act, explain=False)
    except PolyrlError:
        return [], nest


# the logit bias of an action a widened checkpoint never learned (see widen_head)
NEW_ACTION_BIAS = -30.0


def widen_head(state: dict, texts: tuple[str, ...]) -> dict:
    """A policy's state dict for this table from one saved with the action table `texts`
    (every one of them in this table): the last layer of the policy head gets a row per
    action of this table, the saved rows where the action existed, elsewhere zero weights
    and a bias of NEW_ACTION_BIAS (never taken before training teaches it)."""
    missing = [t for t in texts if t not in ACTION_TEXTS]
    if missing:
        raise ValueError(f"actions {', '.join(missing[:3])} are not in this table")
    layers = sorted({k.rsplit(".", 1)[0] for k in state if k.startswith("policy.") and k.endswith(".weight")},
                    key=lambda k: int(k.split(".")[1]))
    last = layers[-1]
    weight, bias = state[f"{last}.weight"], state[f"{last}.bias"]
    if weight.shape[0] != len(texts):
        raise ValueError(f"the policy head has {weight.shape[0]} outputs for {len(texts)} actions")
    new_w = weight.new_zeros((NUM_ACTIONS, weight.shape[1]))
    new_b = bias.new_full((NUM_ACTIONS,), NEW_ACTION_BIAS)
    for k, text in enumerate(texts):
        j = ACTION_TEXTS.index(text)
        new_w[j], new_b[j] = weight[k], bias[k]
    return {**state, f"{last}.weight": new_w, f"{last}.bias": new_b}


def loop_extents(scop: Scop, nest: LoopNest, path: tuple[int, ...]) -> list[int]:
    """For each loop on `path` (outermost first): the most iterations it makes for one
    iteration of its enclosing loops, with the parameters fixed (0 if isl runs out of its
    budget, never seen: every size-dependent action is then inapplicable)."""
    geometry = LoopGeometry(scop, nest, resolve_params(scop, None, DEFAULT_PARAM_VALUE))
    return [geometry.span(loop, level) for level, loop in enumerate(nest.loops_on(path))]


def last_on_branch(actions: tuple[Action, ...], branch: int) -> Action | None:
    """The last of `actions` (a schedule's) when it was on `branch`, the `previous` of
    `applicable_mask`."""
    return actions[-1] if actions and actions[-1].branch == branch else None


def undoes(previous: Action | None, template: ActionTemplate) -> bool:
    """Whether `template` would undo `previous` on the same branch: a reversal or an
    interchange repeated at once (the state would cycle; a greedy policy could loop)."""
    return (previous is not None and template.kind in ("R", "I") and previous.kind == template.kind
            and tuple(previous.args) == template.args)


def applicable_mask(nest: LoopNest, path: tuple[int, ...], extents: list[int],
                    previous: Action | None = None) -> np.ndarray:
    """Bool[NUM_ACTIONS]: the actions that exist on the branch at `path` and change it;
    `previous` is the schedule's last action when it was on this branch (its undoing is
    not applicable)."""
    loops = nest.loops_on(path)
    depth = len(loops)
    has_parallel = any(lp.parallel for lp in loops)
    has_jam = any(lp.jam > 1 for lp in loops)
    inner = max(k for k, lp in enumerate(loops) if lp.jam == 1)  # the loop the copies are jammed into
    fresh = untouched(nest, path)
    first_path = nest.branches()[0] if nest.origin is not None else None
    mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    for k, (a, levels, deepest) in enumerate(zip(ACTIONS, _LEVELS, _DEEPEST, strict=True)):
        if deepest >= depth or undoes(previous, a):
            continue
        if a.kind == "T2" and (a.args[2] >= extents[a.args[0]] or a.args[3] >= extents[a.args[1]]):
            continue
        # U unrolls the innermost regular loop (jammed point loops are below it)
        if a.kind == "U" and (loops[inner].unroll > 1 or loops[inner].vector or a.args[0] > extents[inner]):
            continue
        if a.kind == "P" and has_parallel:
            continue
        if a.kind == "S" and loops[a.args[1]].skew:
            continue
        if a.kind in ("J", "J2"):
            factors = a.args[1:2] if a.kind == "J" else a.args[2:4]
            if has_jam or deepest >= inner or any(
                    f > extents[lvl] for lvl, f in zip(levels, factors, strict=True)):
                continue
        if a.kind == "V" and (loops[inner].vector or loops[inner].unroll > 1):
            continue
        if a.kind in ("K", "KT") and (a.args[0] >= inner or a.args[1] >= len(nest.arrays)
                              or nest.arrays[a.args[1]] in loops[a.args[0]].pack):
            continue
        if a.kind == "M" and (previous is not None and previous.kind != "A" or not fresh):
            continue
        if a.kind in ("A", "F") and (nest.origin is None or path != first_path):
            continue
        mask[k] = True
    return mask
