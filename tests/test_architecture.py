"""The package's shape: the layer order and acyclic packages (import-linter's contracts in
pyproject.toml), no module reaching into another's private names, and files a reader can
take in."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "polyrl"
# the C++ extension is private to the one module that wraps it
EXTENSION_WRAPPERS = {("polyrl", "_emit"): {"polyrl.codegen.emit"}}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_from(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute name of the module an ImportFrom reads from."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                source = imported_from(node, module, path.name == "__init__.py")
                if not source.startswith("polyrl"):
                    continue
                for alias in node.names:
                    names = [alias.name, *source.split(".")]
                    if any(map(is_private, names)) and module not in EXTENSION_WRAPPERS.get((source, alias.name), ()):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module} imports {source}.{alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("polyrl") and any(map(is_private, alias.name.split("."))):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module} imports {alias.name}")
    return found


def test_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in result.stdout


def test_no_module_imports_another_modules_private_name():
    assert private_imports() == []


def test_the_private_name_check_sees_relative_and_absolute_imports(tmp_path):
    # the checker itself, on a file that does both (it must not pass by seeing nothing)
    sample = ast.parse("from polyrl.poly.workingset import _hidden\nfrom ..rl import state, _secret\n")
    names = [(imported_from(n, "polyrl.search.policy", False), [a.name for a in n.names]) for n in sample.body]
    assert names == [("polyrl.poly.workingset", ["_hidden"]), ("polyrl.rl", ["state", "_secret"])]
    assert [is_private(a) for _, aliases in names for a in aliases] == [True, False, True]


def test_files_stay_readable_in_size():
    long_python = [f"{p.relative_to(ROOT)}: {n}" for p in PACKAGE.rglob("*.py")
                   if (n := len(p.read_text().splitlines())) > 800]
    long_cpp = [f"{p.relative_to(ROOT)}: {n}" for p in (ROOT / "csrc").iterdir()
                if p.suffix in {".cpp", ".h"} and (n := len(p.read_text().splitlines())) > 600]
    assert long_python == [] and long_cpp == []
