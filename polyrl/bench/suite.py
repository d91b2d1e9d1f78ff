"""Benchmark suites: finding the kernels of a PolyBench-shaped tree and how to build them.

Owns the suite layout rules (`<dir>/<name>/<name>.c`, a `utilities/polybench.h` that
supplies the harness), the dataset size classes and loading a kernel at one size (the
front end parses it); not measuring kernels.
A real PolyBench/C 4.2.1 checkout and the project's `datasets/` tree share the layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polyrl.api import Program, load
from polyrl.errors import PolyrlError

DATASETS = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")
NAMED_SUITES = ("polybench", "pearl")


@dataclass(frozen=True)
class Kernel:
    """One benchmark program: `<name>.c` plus the include directories it needs."""

    name: str
    category: str  # path of its folder's parent inside the suite, e.g. "linear-algebra/blas"
    path: Path
    include_dirs: tuple[Path, ...]

    def defines(self, dataset: str) -> dict[str, str]:
        """Preprocessor definitions selecting the size class, for the front end."""
        return {f"{dataset}_DATASET": "1"}

    def compile_flags(self, dataset: str) -> tuple[str, ...]:
        """The same definitions and include directories as compiler flags (absolute paths,
        since builds run in private folders)."""
        return (f"-D{dataset}_DATASET", *(f"-I{d}" for d in self.include_dirs))

    def load(self, dataset: str) -> Program:
        """The kernel's scop at one size class, with its exact model built (dependences and
        the original schedule: gaps of the front end show up here, not later)."""
        program = load(self.path, defines=self.defines(dataset), include_dirs=[str(d) for d in self.include_dirs])
        program.model  # noqa: B018 - a cached property
        return program


def datasets_root() -> Path | None:
    """The project's `datasets/` folder, when polyrl runs from its source tree."""
    root = Path(__file__).resolve().parents[2] / "datasets"
    return root if root.is_dir() else None


def _utilities_dir(suite_dir: Path) -> Path | None:
    """The folder holding polybench.h for kernels under `suite_dir`: its own `utilities/`,
    or a sibling suite's (the Pearl kernels use PolyBench's harness)."""
    candidates = [
        suite_dir / "utilities",
        suite_dir.parent / "utilities",
        suite_dir.parent / "polybench" / "utilities",
        suite_dir.parent.parent / "utilities",
    ]
    for c in candidates:
        if (c / "polybench.h").is_file():
            return c.resolve()
    return None


def resolve_suite(suite: str, polybench_dir: str | None = None) -> tuple[str, Path]:
    """(suite label, folder) for `polybench`, `pearl` or a path; `polybench_dir` replaces
    the project's PolyBench tree (e.g. a real PolyBench/C checkout)."""
    if suite == "polybench" and polybench_dir:
        folder = Path(polybench_dir)
        if not folder.is_dir():
            raise PolyrlError("--polybench-dir is not a directory", polybench_dir)
        return "polybench", folder.resolve()
    if suite in NAMED_SUITES:
        root = datasets_root()
        if root is None:
            raise PolyrlError(
                f"the `{suite}` suite lives in the polyrl source tree's datasets/ folder, which this "
                "installation does not have; pass --suite PATH or --polybench-dir PATH"
            )
        return suite, (root / suite).resolve()
    folder = Path(suite)
    if not folder.exists():
        raise PolyrlError("no such suite or directory (known suites: polybench, pearl)", suite)
    return folder.name or str(folder), folder.resolve()


def discover(folder: Path) -> list[Kernel]:
    """Every `<name>/<name>.c` under `folder` (or the one file `folder`), sorted by name."""
    if folder.is_file():
        utilities = _utilities_dir(folder.parent.parent)
        dirs = tuple(d for d in (folder.parent.resolve(), utilities) if d is not None)
        return [Kernel(folder.stem, "", folder.resolve(), dirs)]
    utilities = _utilities_dir(folder)
    kernels: dict[str, Kernel] = {}
    for path in sorted(folder.rglob("*.c")):
        if path.stem != path.parent.name or "utilities" in path.relative_to(folder).parts:
            continue
        rel = path.parent.parent.relative_to(folder)
        category = "" if str(rel) == "." else rel.as_posix()
        dirs = tuple(d for d in (path.parent.resolve(), utilities) if d is not None)
        if path.stem in kernels:
            raise PolyrlError(f"two kernels named `{path.stem}`: {kernels[path.stem].path} and {path}")
        kernels[path.stem] = Kernel(path.stem, category, path.resolve(), dirs)
    return sorted(kernels.values(), key=lambda k: (k.category, k.name))


def select(kernels: list[Kernel], names: list[str] | None) -> list[Kernel]:
    """The kernels named (in the order given), or all; an unknown name is an error."""
    if not names:
        return kernels
    by_name = {k.name: k for k in kernels}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise PolyrlError(
            f"unknown kernel(s) {', '.join(unknown)}; this suite has: {', '.join(sorted(by_name))}"
        )
    return [by_name[n] for n in dict.fromkeys(names)]
