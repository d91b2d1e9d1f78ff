"""`Schedule`: a sequence of per-branch actions and its canonical text form.

Text form, one action per space-separated word: `B<branch>:<kind>(<args>)`, e.g.
`B0:I(0,1) B0:T2(1,2,32,32) B0:P(0) B1:S(0,1,1) B1:U(4)`. Parsing and printing
round-trip exactly; the text keys the memo store. What an action does to the loops
lives in `polyrl.poly.transform`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from polyrl.errors import PolyrlError

# kind -> (argument count, meaning of the arguments) for messages and --help
ACTION_KINDS: dict[str, tuple[int, str]] = {
    "I": (2, "I(a,b): interchange the loops at levels a and b of the branch"),
    "R": (1, "R(a): reverse the loop at level a"),
    "S": (3, "S(a,b,f): skew level b by f times level a (a < b)"),
    "T2": (4, "T2(a,a+1,s1,s2): tile two adjacent levels with sizes s1, s2"),
    "T3": (6, "T3(a,a+1,a+2,s1,s2,s3): tile three adjacent levels"),
    "P": (1, "P(a): run the loop at level a in parallel (OpenMP)"),
    "U": (1, "U(f): unroll the innermost loop of the branch by f"),
    "J": (2, "J(a,f): unroll-and-jam level a (not the innermost) by f in 2..8 into the innermost loop"),
    "J2": (4, "J2(a,b,f,g): unroll-and-jam levels a < b (not the innermost) by f and g in 2..8"),
    "K": (2, "K(a,k): pack array k (the Scop's arrays in order, scalars not counted) into a contiguous buffer "
             "at each iteration of level a (not the innermost), where it must be read-only"),
    "KT": (2, "KT(a,k): like K(a,k), the buffer transposed (its last two dimensions swapped), so that a "
              "column walk of the array becomes a row walk of the buffer"),
    "E": (1, "E(k): expand scalar k (the scalars the region writes, in the program's order) into an array "
             "indexed by the loops around all its accesses; its value must never flow between their iterations"),
    "A": (1, "A(f): replace every loop of the scop by isl's affine (Pluto-style) schedule, fusion f: 0 none, "
             "1 smart, 2 max, 3 smart with parallel outer loops first; only as the first action, written B0:A(f); the other actions then apply to its loops"),
    "V": (0, "V(): write the innermost loop as explicit vector code (GCC vector extensions, the target's "
             "width, a scalar remainder); it must carry no dependence and walk arrays with stride 0 or 1"),
}

# largest unroll-and-jam factor: f copies of the body (f*g for J2) sit in one loop body
MAX_JAM = 8

_WORD = re.compile(r"B(\d+):([A-Z][A-Z0-9]?)\(([^()]*)\)$")


@dataclass(frozen=True)
class Action:
    branch: int
    kind: str
    args: tuple[int, ...]
    col: int | None = field(default=None, compare=False, repr=False)  # column in the parsed text

    def where(self, source: str) -> dict:
        """PolyrlError location arguments pointing at this action in the schedule text."""
        return {"path": source, "line": 1 if self.col else None, "col": self.col}

    def __str__(self) -> str:
        return f"B{self.branch}:{self.kind}({','.join(map(str, self.args))})"

    @property
    def levels(self) -> tuple[int, ...]:
        """The loop levels the action names (its leading arguments)."""
        return self.args[: _levels(self.kind)]


@dataclass(frozen=True)
class Schedule:
    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        return " ".join(str(a) for a in self.actions)

    def then(self, action: Action) -> Schedule:
        return Schedule(self.actions + (action,))

    @staticmethod
    def parse(text: str, source: str = "<schedule>") -> Schedule:
        """Parse the canonical text; errors name the column of the bad word."""
        actions = []
        pos = 0
        for word in text.split():
            col = text.index(word, pos) + 1
            pos = col - 1 + len(word)
            actions.append(_parse_word(word, source, col))
        return Schedule(tuple(actions))


def _parse_word(word: str, source: str, col: int) -> Action:
    m = _WORD.match(word)
    if not m:
        raise PolyrlError(
            f"cannot parse schedule action `{word}`; expected B<branch>:<kind>(<args>), e.g. B0:T2(0,1,32,32)",
            source, 1, col,
        )
    branch, kind, argtext = int(m.group(1)), m.group(2), m.group(3)
    if kind not in ACTION_KINDS:
        raise PolyrlError(f"unknown action `{kind}` in `{word}`; known: {', '.join(ACTION_KINDS)}", source, 1, col)
    try:
        args = tuple(int(a) for a in argtext.split(",")) if argtext.strip() else ()
    except ValueError:
        raise PolyrlError(f"action arguments must be integers in `{word}`", source, 1, col) from None
    want, usage = ACTION_KINDS[kind]
    if len(args) != want:
        raise PolyrlError(f"`{word}` has {len(args)} arguments; usage {usage}", source, 1, col)
    if kind in ("I", "R", "S", "T2", "T3", "P", "J", "J2", "K", "KT") and any(a < 0 for a in args[: _levels(kind)]):
        raise PolyrlError(f"loop levels must be >= 0 in `{word}`", source, 1, col)
    if kind == "S" and args[2] == 0:
        raise PolyrlError(f"skew factor must be non-zero in `{word}`", source, 1, col)
    if kind in ("T2", "T3"):
        n = _levels(kind)
        levels, sizes = args[:n], args[n:]
        if list(levels) != list(range(levels[0], levels[0] + n)):
            raise PolyrlError(f"tiled levels must be adjacent and increasing in `{word}`", source, 1, col)
        if any(s < 2 for s in sizes):
            raise PolyrlError(f"tile sizes must be >= 2 in `{word}`", source, 1, col)
    if kind == "U" and args[0] < 2:
        raise PolyrlError(f"unroll factor must be >= 2 in `{word}`", source, 1, col)
    if kind in ("J", "J2"):
        n = _levels(kind)
        if any(not 2 <= f <= MAX_JAM for f in args[n:]):
            raise PolyrlError(f"unroll-and-jam factors must be in 2..{MAX_JAM} in `{word}`", source, 1, col)
    if kind in ("K", "KT") and args[1] < 0:
        raise PolyrlError(f"array numbers must be >= 0 in `{word}`", source, 1, col)
    if kind == "A" and args[0] not in (0, 1, 2, 3):
        raise PolyrlError(f"fusion must be 0 (none), 1 (smart), 2 (max) or 3 (smart, parallel outer loops) "
                          f"in `{word}`", source, 1, col)
    if kind == "E" and args[0] < 0:
        raise PolyrlError(f"scalar numbers must be >= 0 in `{word}`", source, 1, col)
    if kind in ("I", "S", "J2") and args[0] >= args[1]:
        raise PolyrlError(f"first level must be the outer one (a < b) in `{word}`", source, 1, col)
    return Action(branch, kind, args, col)


def _levels(kind: str) -> int:
    return {"I": 2, "R": 1, "S": 2, "T2": 2, "T3": 3, "P": 1, "U": 0, "J": 1, "J2": 2, "K": 1, "KT": 1, "E": 0, "V": 0, "A": 0}[kind]
