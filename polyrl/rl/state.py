"""What an episode works on: training programs (how to load them), the state of an
episode (program, schedule, loop nest), and the cache of program graphs.

Owns the reading of a corpus for training and the focus tag of observations; not the
graph features themselves (polyrl.model.features) nor the transformations (polyrl.poly).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import torch
from torch_geometric.data import Data

from polyrl.api import Program, load
from polyrl.errors import PolyrlError
from polyrl.machine import CacheLevel, detect_caches
from polyrl.model.features import BLOCK, LOOP, program_graph
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import LoopNest
from polyrl.runtime import Toolchain, program_hash


@dataclass(frozen=True)
class ProgramSpec:
    """How to load one training program; plain data, so it travels to worker processes."""

    path: str
    defines: tuple[tuple[str, str], ...] = ()
    include_dirs: tuple[str, ...] = ()
    function: str | None = None
    scop: int = 0
    id: str = ""  # the name logs use (manifest id, or the file name)
    hash: str = ""  # the program hash its manifest gives (`polyrl dataset import` writes it), else ""

    @property
    def name(self) -> str:
        return self.id or Path(self.path).name

    def load(self) -> Program:
        return load(self.path, function=self.function, defines=dict(self.defines),
                    include_dirs=list(self.include_dirs), index=self.scop)

    def toolchain(self, base: Toolchain) -> Toolchain:
        """`base` plus this program's -D and -I, as `polyrl run` builds it (builds run in a
        private folder, so include paths are absolute). Programs without either keep the
        base toolchain, so their store keys match `polyrl measure`'s."""
        extra = tuple(f"-D{k}={v}" for k, v in self.defines)
        extra += tuple(f"-I{Path(d).resolve()}" for d in self.include_dirs)
        return Toolchain(base.cc, base.flags + extra, base.threads) if extra else base


def corpus_programs(corpus: str | Path) -> list[ProgramSpec]:
    """The programs of a corpus folder (manifest.jsonl when there is one, else its .c
    files, sorted), or of one C file."""
    from polyrl.model.costmodel import read_manifest

    root = Path(corpus)
    if root.is_file():
        return [ProgramSpec(str(root))]
    if not root.is_dir():
        raise PolyrlError("no such corpus file or folder", str(root))
    if (root / "manifest.jsonl").is_file():
        specs = [ProgramSpec(e.path, tuple(sorted(e.defines.items())), e.include_dirs, e.function, e.scop, e.id,
                             e.hash or "") for e in read_manifest(root)]
    else:
        specs = [ProgramSpec(str(p)) for p in sorted(root.glob("*.c"))]
    if not specs:
        raise PolyrlError("the corpus has no C files", str(root))
    return specs


@dataclass(eq=False)
class LoadedProgram:
    """A training program with its exact model and its memo-store hash."""

    spec: ProgramSpec
    program: Program

    @cached_property
    def hash(self) -> str:
        """The memo store's program hash (its keys add the toolchain, -D flags included)."""
        return program_hash(self.program.scop)

    @cached_property
    def key(self) -> str:
        """The in-memory caches' key: the hash covers the source text only, and one
        source with other -D sizes is another program to graphs and legality."""
        values = ",".join(f"{k}={v}" for k, v in sorted(self.program.scop.param_values.items()))
        return f"{self.hash}:{values}"

    @classmethod
    def of(cls, program: str | Path | Program | ProgramSpec) -> LoadedProgram:
        if isinstance(program, Program):
            spec, prog = ProgramSpec(program.scop.source_path or "<program>"), program
        else:
            spec = program if isinstance(program, ProgramSpec) else ProgramSpec(str(program))
            prog = spec.load()
        if not prog.model.original.branches():
            raise PolyrlError("the program has no loops to optimize", spec.path)
        return cls(spec, prog)


class GraphCache:
    """Program graphs per (program key, schedule text): building one takes up to a
    second (working sets are counted exactly), and episodes revisit the same states.
    Least recently used entries go first."""

    def __init__(self, maxsize: int = 4096, caches: tuple[CacheLevel, ...] | None = None):
        self.maxsize = maxsize
        self.caches = caches if caches is not None else detect_caches()
        self._graphs: OrderedDict[tuple[str, str], Data] = OrderedDict()

    def graph(self, program: LoadedProgram, schedule: str, nest: LoopNest) -> Data:
        """The graph with no focus tag (what the cost model was trained on)."""
        key = (program.key, schedule)
        g = self._graphs.get(key)
        if g is None:
            g = program_graph(program.program.scop, nest, caches=self.caches)
            self._graphs[key] = g
            while len(self._graphs) > self.maxsize:
                self._graphs.popitem(last=False)
        else:
            self._graphs.move_to_end(key)
        return g

    def observation(self, program: LoadedProgram, schedule: str, nest: LoopNest, focus: tuple[int, ...]) -> Data:
        """The graph with the loops of the focus branch (path `focus`) tagged, as
        `program_graph(..., focus_branch=...)` tags them; plain tensors only, so it batches."""
        g = self.graph(program, schedule, nest)
        on_branch = {focus[: k + 1] for k in range(len(focus))}
        x = g.x.clone()
        col = BLOCK["loop.focus"].start
        rows = [i for i, n in enumerate(g.nodes) if n.kind == LOOP and n.path in on_branch]
        x[torch.tensor(rows, dtype=torch.long), col] = 1.0
        return Data(x=x, edge_index=g.edge_index, edge_attr=g.edge_attr)

    def __len__(self) -> int:
        return len(self._graphs)


@dataclass(frozen=True, eq=False)
class State:
    """A program under a legal schedule; `graph()` is its untagged program graph."""

    program: LoadedProgram
    schedule: Schedule
    nest: LoopNest
    graphs: GraphCache = field(repr=False)

    @property
    def text(self) -> str:
        return str(self.schedule)

    def graph(self) -> Data:
        return self.graphs.graph(self.program, self.text, self.nest)

    def original(self) -> State:
        return State(self.program, Schedule(), self.program.program.model.original, self.graphs)
