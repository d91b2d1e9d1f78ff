"""Checkpoint files: one place that turns a file torch cannot read (missing, truncated,
text, a foreign pickle) into a one-line PolyrlError naming the file, and the names of
the files written beside a checkpoint (its logs, curves and caches).

Owns the read only; each checkpoint's format, version and contents are checked by its
owner (polyrl.rl.checkpoint for policies, polyrl.model.costmodel for cost models).
"""

from __future__ import annotations

from pathlib import Path

import torch

from polyrl.errors import PolyrlError


def read_torch_file(path: str | Path, what: str = "checkpoint") -> object:
    """The object saved at `path` (on the CPU); PolyrlError `cannot read the WHAT` otherwise."""
    if not Path(path).is_file():
        raise PolyrlError(f"no such {what}" if not Path(path).exists() else f"the {what} is not a file", str(path))
    try:
        return torch.load(path, weights_only=False, map_location="cpu")
    except Exception as e:  # noqa: BLE001 - anything torch or pickle raises on a bad file
        first = (str(e).strip().splitlines() or [""])[0][:160]
        raise PolyrlError(f"cannot read the {what}: {type(e).__name__}{': ' + first if first else ''}",
                          str(path)) from None


def beside(out: str | Path, suffix: str) -> Path:
    """The file next to the checkpoint `out` named by its stem and `suffix`
    (`runs/p.pt`, ".train.csv" -> `runs/p.train.csv`)."""
    out = Path(out)
    return out.with_name(out.stem + suffix)
