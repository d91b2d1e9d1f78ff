"""The generated program as plain data (sizes, arrays, loops, statements) and its C text.

Owns the program's shape and how it is printed in the project's C conventions: `#define`
sizes, global arrays, a deterministic `init`, `void kernel(void)` with the loop nests
between `#pragma scop` / `#pragma endscop`, and a `main` that prints a checksum. Choosing
what to generate is `polyrl.generate.patterns`' job; choosing sizes is `program`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Loop iterators by depth below the nest's shared loops; `t` is reserved for time loops.
ITERATORS = "ijklmn"
TIME_ITERATOR = "t"

_REF = re.compile(r"\b([A-Za-z_]\w*)((?:\[[^\]]+\])*)")


@dataclass(frozen=True)
class Size:
    """A `#define`d extent. `time` sizes are repetition counts (small, not scaled)."""

    name: str
    time: bool
    ratio: float  # relative extent among the space sizes, before scaling
    value: int = 0


@dataclass(frozen=True)
class ArrayDecl:
    """A global array (or scalar when `dims` is empty). Each dimension is a sum of sizes."""

    name: str
    dims: tuple[tuple[str, ...], ...]

    def dim_text(self, k: int) -> str:
        return " + ".join(self.dims[k])


@dataclass
class Stmt:
    """One assignment `lhs = rhs`; `reads` names every array read (lhs included when read)."""

    lhs: str
    rhs: str
    writes: str
    reads: tuple[str, ...]
    accesses: int  # array references in the statement, the written one included

    def refs(self, arrays: dict[str, ArrayDecl]) -> list[tuple[str, tuple[str, ...]]]:
        """(array, subscripts) of every reference, the written one first."""
        out = []
        for text in (self.lhs, self.rhs):
            for m in _REF.finditer(text):
                if m.group(1) in arrays:
                    out.append((m.group(1), tuple(x.strip() for x in m.group(2)[1:-1].split("][")) if m.group(2) else ()))
        return out


@dataclass
class Loop:
    """`for (var = lo; var < hi; var++)`.

    For the cost estimate: the trip count is `size - trim`, halved when `triangular`
    (the bound depends on an enclosing iterator of the same size), or `size` alone for a
    time loop.
    """

    var: str
    lo: str
    hi: str
    body: list[Loop | Stmt]
    size: str
    trim: int = 0
    triangular: bool = False

    def depth(self) -> int:
        return 1 + max((c.depth() for c in self.body if isinstance(c, Loop)), default=0)

    def branches(self) -> int:
        inner = [c for c in self.body if isinstance(c, Loop)]
        return sum(c.branches() for c in inner) if inner else 1

    def statements(self) -> list[Stmt]:
        out: list[Stmt] = []
        for c in self.body:
            out.extend(c.statements() if isinstance(c, Loop) else [c])
        return out

    def iterators(self) -> list[str]:
        out = [self.var]
        for c in self.body:
            if isinstance(c, Loop):
                out += [v for v in c.iterators() if v not in out]
        return out


@dataclass
class Program:
    """A whole generated program; `c_text()` is its source."""

    seed: int
    dtype: str  # "float" or "double"
    sizes: dict[str, Size]
    arrays: dict[str, ArrayDecl]
    nests: list[Loop]
    patterns: list[str]  # one entry per generated kernel, in order
    chains: int  # reads (by a later nest) of an array an earlier nest wrote
    init_coeffs: dict[str, tuple[int, ...]] = field(default_factory=dict)  # array -> formula coefficients
    estimate_ms: float = 0.0
    version: int = 1
    constants: dict[str, str] = field(default_factory=dict)  # read-only scalar -> its value (Weights.scalars)

    # ------------------------------------------------------------ summary numbers

    def depth(self) -> int:
        return max(n.depth() for n in self.nests)

    def branches(self) -> int:
        return sum(n.branches() for n in self.nests)

    def statements(self) -> list[Stmt]:
        return [s for n in self.nests for s in n.statements()]

    def accesses(self) -> int:
        return sum(s.accesses for s in self.statements())

    def written(self) -> list[str]:
        out: list[str] = []
        for s in self.statements():
            if s.writes not in out:
                out.append(s.writes)
        return out

    # ------------------------------------------------------------ C text

    def literal(self, text: str) -> str:
        """A floating constant of the program's type (`0.5` or `0.5f`)."""
        return text + "f" if self.dtype == "float" else text

    def c_text(self) -> str:
        dt = self.dtype
        lines = [
            f"/* polyrl.generate v{self.version}: seed {self.seed}, {dt}, "
            f"{len(self.nests)} nest(s), patterns: {', '.join(self.patterns)} */",
            "#include <stdio.h>",
            "",
        ]
        if any("sqrt" in s.rhs for s in self.statements()):  # Weights.ops (only then: other programs unchanged)
            lines[-1:-1] = ["#include <math.h>"]
        for s in self.sizes.values():
            lines.append(f"#define {s.name} {s.value}")
        lines.append("")
        for a in self.arrays.values():
            lines.append(f"{dt} {a.name}" + "".join(f"[{a.dim_text(k)}]" for k in range(len(a.dims))) + ";")
        for name, value in self.constants.items():
            lines.append(f"{dt} {name} = {value};")
        lines.append("")

        lines += ["static void init(void)", "{"]
        init_vars = ITERATORS[: max((len(a.dims) for a in self.arrays.values()), default=0)]
        if init_vars:
            lines.append("  int " + ", ".join(init_vars) + ";")
        for a in self.arrays.values():
            lines += self._init_lines(a)
        lines += ["}", ""]

        used: list[str] = []
        for n in self.nests:
            used += [v for v in n.iterators() if v not in used]
        used.sort(key=lambda v: (v != TIME_ITERATOR, v))
        lines += ["void kernel(void)", "{", "  int " + ", ".join(used) + ";", "#pragma scop"]
        for n in self.nests:
            lines += _loop_lines(n, 1)
        lines += ["#pragma endscop", "}", ""]

        lines += ["int main(void)", "{"]
        check_vars = ITERATORS[: max((len(self.arrays[w].dims) for w in self.written()), default=0)]
        if check_vars:
            lines.append("  int " + ", ".join(check_vars) + ";")
        lines += ["  double checksum = 0.0;", "", "  init();", "  kernel();"]
        for w in self.written():
            a = self.arrays[w]
            ind = "  "
            for k in range(len(a.dims)):
                v = ITERATORS[k]
                lines.append(f"{ind}for ({v} = 0; {v} < {a.dim_text(k)}; {v}++)")
                ind += "  "
            lines.append(f"{ind}checksum += {a.name}{''.join(f'[{ITERATORS[k]}]' for k in range(len(a.dims)))};")
        lines += ['  printf("checksum: %.6e\\n", checksum);', "  return 0;", "}", ""]
        return "\n".join(lines)

    def _init_lines(self, a: ArrayDecl) -> list[str]:
        """Values in [0.5, 1.5): a fixed formula of the indices, different per array."""
        coeffs = self.init_coeffs[a.name]
        modulus = coeffs[-1]
        if not a.dims:
            return [f"  {a.name} = {self.literal('0.0')};"]
        terms = [f"{coeffs[k]} * {ITERATORS[k]}" for k in range(len(a.dims))]
        value = f"({self.dtype})(({' + '.join(terms)} + {coeffs[len(a.dims)]}) % {modulus}) / {modulus} + {self.literal('0.5')}"
        out, ind = [], "  "
        for k in range(len(a.dims)):
            v = ITERATORS[k]
            out.append(f"{ind}for ({v} = 0; {v} < {a.dim_text(k)}; {v}++)")
            ind += "  "
        out.append(f"{ind}{a.name}{''.join(f'[{ITERATORS[k]}]' for k in range(len(a.dims)))} = {value};")
        return out


def _loop_lines(loop: Loop, level: int) -> list[str]:
    ind = "  " * level
    v = loop.var
    lines = [f"{ind}for ({v} = {loop.lo}; {v} < {loop.hi}; {v}++)"]
    if len(loop.body) == 1:
        child = loop.body[0]
        return lines + (_loop_lines(child, level + 1) if isinstance(child, Loop) else [f"{ind}  {child.lhs} = {child.rhs};"])
    lines[0] += " {"
    for child in loop.body:
        lines += _loop_lines(child, level + 1) if isinstance(child, Loop) else [f"{ind}  {child.lhs} = {child.rhs};"]
    lines.append(f"{ind}}}")
    return lines
