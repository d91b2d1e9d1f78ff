"""Running PLUTO's `polycc` on a kernel and cutting its rewritten region out of the result.

Owns the polycc invocation and the region extraction; not building or timing the result
(the bench runs PLUTO's region through the same harness as every other variant).
polycc copies the text around `#pragma scop ... #pragma endscop`, replaces the region with
its generated code, and adds its helper macros (ceild, floord, max, min) and includes at
the top of the file. The region is found between the pragmas when polycc keeps them, else
between the unchanged lines just before and just after the original region.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from polyrl.ir import Scop

_ANCHOR_LINES = 3
_DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)")
_PRAGMA_SCOP = re.compile(r"^\s*#\s*pragma\s+scop\b")
_PRAGMA_ENDSCOP = re.compile(r"^\s*#\s*pragma\s+endscop\b")


class PlutoError(Exception):
    """polycc failed on a kernel, or its output has no recognizable region."""


def pluto_region(path: Path, scop: Scop, polycc: str = "polycc", args: tuple[str, ...] = ("--tile", "--parallel"),
                 timeout_s: float = 300.0) -> str:
    """polycc's version of the scop's region of the file at `path`, as region text."""
    exe = shutil.which(polycc)
    if exe is None:
        raise PlutoError(f"`{polycc}` not found")
    exe = os.path.abspath(exe)  # it runs in a temporary folder
    with tempfile.TemporaryDirectory(prefix="polyrl-pluto-") as tmp:
        # polycc writes scratch files into its working folder, and a preprocessing front
        # end (--pet) needs the kernel's own headers next to it
        for f in path.parent.iterdir():
            if f.is_file():
                shutil.copy(f, tmp)
        out = Path(tmp) / f"{path.stem}.pluto.c"
        try:
            p = subprocess.run([exe, path.name, *args, "-o", out.name], cwd=tmp, capture_output=True,
                               text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            raise PlutoError(f"polycc ran over {timeout_s:g} s") from None
        except OSError as e:
            raise PlutoError(f"polycc does not run: {e}") from None
        if p.returncode != 0 or not out.is_file():
            lines = [ln for ln in (p.stderr + p.stdout).splitlines() if ln.strip()]
            raise PlutoError(f"polycc failed (exit {p.returncode}): {' | '.join(lines[-3:])[:300]}")
        text = out.read_text(errors="replace")
    return extract_region(scop.source, scop.region, text)


def _nonblank(lines: list[str]) -> list[tuple[int, str]]:
    return [(i, ln.strip()) for i, ln in enumerate(lines) if ln.strip()]


def _agree(seq: list[str], at: int, ref: list[str], step: int) -> int:
    """How many items of `ref` (walked from its end when step is -1) equal `seq` from `at`
    on in the same direction."""
    n = 0
    while n < len(ref) and 0 <= at + step * n < len(seq):
        if seq[at + step * n] != (ref[-1 - n] if step < 0 else ref[n]):
            break
        n += 1
    return n


def _body_lines(original: str, region: tuple[int, int], out_lines: list[str]) -> list[str]:
    starts = [i for i, ln in enumerate(out_lines) if _PRAGMA_SCOP.match(ln)]
    ends = [i for i, ln in enumerate(out_lines) if _PRAGMA_ENDSCOP.match(ln)]
    if len(starts) == 1 and len(ends) == 1 and starts[0] < ends[0]:
        return out_lines[starts[0] + 1 : ends[0]]

    # polycc copies the text around the region verbatim, so the region sits where the
    # longest run of the original's preceding lines ends and the following lines begin
    before = [s for _, s in _nonblank(original[: region[0]].splitlines())]
    after = [s for _, s in _nonblank(original[region[1] :].splitlines())]
    nb = _nonblank(out_lines)
    texts = [s for _, s in nb]
    if before:
        scores = [(_agree(texts, j, before, -1), j) for j in range(len(texts))]
        best, last_before = max(scores)
        if best < min(len(before), _ANCHOR_LINES):
            raise PlutoError("cannot find the code before the region in polycc's output")
        first = nb[last_before][0] + 1
    else:
        last_before, first = -1, 0
    if after:
        scores = [(_agree(texts, k, after, 1), -k) for k in range(last_before + 1, len(texts))]
        best, neg_k = max(scores, default=(0, 0))
        if best < min(len(after), _ANCHOR_LINES):
            raise PlutoError("cannot find the code after the region in polycc's output")
        last = nb[-neg_k][0]
    else:
        last = len(out_lines)
    return out_lines[first:last]


def extract_region(original: str, region: tuple[int, int], output: str) -> str:
    """The region text of polycc's `output` for the `region` of the `original` file, with
    the helper macros polycc added (those the original does not define) defined before it
    and undefined after it."""
    out_lines = output.splitlines()
    body = _body_lines(original, region, out_lines)
    if not any(ln.strip() for ln in body):
        raise PlutoError("polycc's output has an empty region")
    original_names = {m.group(1) for ln in original.splitlines() if (m := _DEFINE.match(ln))}
    body_set = set(body)
    added: dict[str, str] = {}
    for ln in out_lines:
        m = _DEFINE.match(ln)
        if m and ln not in body_set and m.group(1) not in original_names:
            added.setdefault(m.group(1), ln.strip())
    head = [f"#ifndef {name}\n{line}\n#endif" for name, line in added.items()]
    tail = [f"#undef {name}" for name in added]
    return "\n".join([*head, *body, *tail]) + "\n"
