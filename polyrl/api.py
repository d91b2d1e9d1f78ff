"""The scripting API: load a C file, look at its dependences, apply a schedule, emit, run.

Each step is a thin composition of frontend, poly, codegen and runtime; the CLI calls
exactly these functions.

    import polyrl
    prog = polyrl.load("gemm.c")
    opt = prog.apply("B1:T2(0,1,32,32) B1:P(0)")
    opt.write("gemm.polyrl.c")
    print(opt.run(repeat=5))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from polyrl.ir import Scop
from polyrl.poly.dependences import Dependence, compute_dependences
from polyrl.poly.legality import Model, apply_schedule
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import LoopNest


def load(path: str | Path, function: str | None = None, defines: dict[str, str] | None = None,
         include_dirs: list[str] | tuple[str, ...] = (), index: int = 0) -> Program:
    """The `index`-th Scop of the file (of `function` when given) as a Program."""
    from polyrl.errors import PolyrlError
    from polyrl.frontend import load_scop, load_scops

    scops = load_scops(str(path), function=function, defines=defines, include_dirs=list(include_dirs))
    if not scops:
        load_scop(str(path), function=function, defines=defines, include_dirs=list(include_dirs))  # raises, naming why
    if index >= len(scops):
        raise PolyrlError(f"the file has {len(scops)} scop(s); --scop {index} does not exist", str(path))
    return Program(scops[index])


def load_all(path: str | Path, function: str | None = None, defines: dict[str, str] | None = None,
             include_dirs: list[str] | tuple[str, ...] = ()) -> tuple[list[Program], list]:
    """Every scop of the file (of `function` when given) as a Program, and the loop nests
    refused, as PolyrlErrors naming file:line:col and why. PolyrlError when there is no
    scop at all (naming the first refusal)."""
    from polyrl.frontend import load_all_scops, load_scop

    scops, refused = load_all_scops(str(path), function=function, defines=defines, include_dirs=list(include_dirs))
    if not scops:
        load_scop(str(path), function=function, defines=defines, include_dirs=list(include_dirs))  # raises, naming why
    return [Program(s) for s in scops], refused


def with_regions(source: str, replacements: list[tuple[tuple[int, int], str]]) -> str:
    """`source` with each (start, end) region replaced by its text (regions do not overlap)."""
    out, pos = [], 0
    for (start, end), text in sorted(replacements, key=lambda r: r[0]):
        out += [source[pos:start], text]
        pos = end
    return "".join(out) + source[pos:]


@dataclass
class Program:
    """A Scop with its exact model; transformations return `Optimized` programs."""

    scop: Scop

    @cached_property
    def model(self) -> Model:
        return Model(self.scop)

    def dependences(self, kinds: tuple[str, ...] = ("RAW", "WAR", "WAW", "RAR")) -> list[Dependence]:
        return compute_dependences(self.scop, kinds)

    def apply(self, schedule: str | Schedule, simd: str = "auto") -> Optimized:
        """Apply a schedule; raises PolyrlError naming the dependence an illegal action breaks.

        `simd` says where `#pragma omp simd` goes (see polyrl.codegen.SIMD_MODES).
        """
        if isinstance(schedule, str):
            schedule = Schedule.parse(schedule)
        return Optimized(self, schedule, apply_schedule(self.model, schedule), simd)


@dataclass
class Optimized:
    program: Program
    schedule: Schedule
    nest: LoopNest
    simd: str = "auto"

    @cached_property
    def region_text(self) -> str:
        from polyrl.codegen import region_text

        return region_text(self.program.model, self.nest, self.simd)

    @property
    def source(self) -> str:
        scop = self.program.scop
        start, end = scop.region
        return scop.source[:start] + self.region_text + scop.source[end:]

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.source)
        return path

    def run(self, toolchain=None, repeat: int = 5, store=None, timeout_s: float = 300.0,
            check_reference: bool = True):
        """Compile baseline and this program, verify, time; see polyrl.runtime.compare."""
        from polyrl.runtime import Toolchain, compare

        return compare(self.program.scop, self.region_text, str(self.schedule), toolchain or Toolchain(),
                       store=store, repeat=repeat, timeout_s=timeout_s, check_reference=check_reference)
