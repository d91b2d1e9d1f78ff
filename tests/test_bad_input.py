"""Malformed or unsupported input through the real command line: every bad C file in
tests/bad_input/ and every malformed schedule in tests/bad_input/schedules.txt must end
in exit status 2 with one `file:line:col: message` line on stderr, no traceback, and no
output file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BAD = HERE / "bad_input"
BAD_C = sorted(BAD.glob("*.c"))
BAD_SCHEDULES = [line for line in (BAD / "schedules.txt").read_text().splitlines() if line.strip()]
MATMUL = HERE.parent / "datasets" / "examples" / "matmul.c"
REPO = HERE.parent


def _optimize(file: Path, schedule: str, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "polyrl.cli", "optimize", str(file), "--schedule", schedule, "-o", str(out)],
        capture_output=True, text=True, errors="replace", timeout=300, cwd=REPO,
    )


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[subprocess.CompletedProcess, Path]]:
    """Every CLI run of this module, started together (each is mostly interpreter start-up)."""
    tmp = tmp_path_factory.mktemp("bad_input")
    cases: dict[str, tuple[Path, str, Path]] = {}
    for f in BAD_C:
        cases[f"c:{f.name}"] = (f, "B0:P(0)", tmp / f"{f.stem}.out.c")
    for k, s in enumerate(BAD_SCHEDULES):
        cases[f"schedule:{k}"] = (MATMUL, s, tmp / f"matmul.{k}.out.c")
    with ThreadPoolExecutor(4) as pool:
        futures = {key: pool.submit(_optimize, *case) for key, case in cases.items()}
        return {key: (fut.result(), cases[key][2]) for key, fut in futures.items()}


def _check_one_line_error(p: subprocess.CompletedProcess, out: Path, where: str) -> re.Match:
    shown = f"exit {p.returncode}\nstdout: {p.stdout!r}\nstderr: {p.stderr!r}"
    assert "Traceback" not in p.stderr + p.stdout, shown
    assert p.returncode == 2, shown
    lines = p.stderr.splitlines()
    assert len(lines) == 1, shown
    m = re.match(rf"^{re.escape(where)}:(\d+):(\d+): .+", lines[0])
    assert m, shown
    assert not out.exists(), f"{out} was written\n{shown}"
    return m


def test_corpus_is_large_enough():
    assert len(BAD_C) >= 34
    assert len(BAD_SCHEDULES) >= 12


@pytest.mark.parametrize("path", BAD_C, ids=[p.name for p in BAD_C])
def test_bad_c_file(path: Path, runs):
    p, out = runs[f"c:{path.name}"]
    _check_one_line_error(p, out, str(path))


@pytest.mark.parametrize("k", range(len(BAD_SCHEDULES)), ids=BAD_SCHEDULES)
def test_malformed_schedule(k: int, runs):
    p, out = runs[f"schedule:{k}"]
    m = _check_one_line_error(p, out, "<schedule>")
    line, col = int(m.group(1)), int(m.group(2))
    assert line == 1
    assert 1 <= col <= len(BAD_SCHEDULES[k]), f"column {col} is outside `{BAD_SCHEDULES[k]}`"


def test_a_folder_a_missing_output_folder_and_a_corrupt_policy_are_one_line_errors(tmp_path: Path):
    def polyrl(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "polyrl.cli", *argv], capture_output=True, text=True,
                              errors="replace", timeout=300, cwd=REPO)

    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"\x80\x02 not a checkpoint")
    text = tmp_path / "text.pt"  # torch reads a text file's first bytes as a pickle protocol: ValueError
    text.write_text("garbage\n")
    cases = {
        "is a folder, not a C file": polyrl("optimize", str(REPO / "datasets")),
        "the folder to write into does not exist": polyrl("optimize", str(MATMUL), "--schedule", "B0:P(0)",
                                                          "-o", str(tmp_path / "none" / "x.c")),
        "cannot read the policy checkpoint": polyrl("optimize", str(MATMUL), "--policy", str(junk),
                                                    "-o", str(tmp_path / "p.c")),
        "cannot read the policy checkpoint: ValueError": polyrl("optimize", str(MATMUL), "--policy", str(text),
                                                                "-o", str(tmp_path / "p.c")),
    }
    for message, p in cases.items():
        shown = f"exit {p.returncode}\nstdout: {p.stdout!r}\nstderr: {p.stderr!r}"
        assert p.returncode == 2 and "Traceback" not in p.stderr, shown
        assert len(p.stderr.splitlines()) == 1 and message in p.stderr, shown
    assert not (tmp_path / "p.c").exists()


def test_help_lists_every_action():
    from polyrl.cli import EPILOG
    from polyrl.poly.schedule import ACTION_KINDS

    for name in ACTION_KINDS:
        assert re.search(rf"\b{name}\(", EPILOG), name


def test_output_into_a_closed_pipe_ends_quietly(tmp_path: Path):
    # `polyrl dataset stats | head -1` used to end in a BrokenPipeError traceback
    read, write = os.pipe()
    os.close(read)  # the reader is gone before polyrl writes its first line
    try:
        p = subprocess.run([sys.executable, "-m", "polyrl.cli", "generate", "--count", "1", "--seed", "3",
                            "--out", str(tmp_path / "g")], stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert p.returncode == 141 and "Traceback" not in p.stderr, p.stderr
