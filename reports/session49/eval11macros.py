"""Session 49: session 38's pipeline_eval.py with the macro schedules of MACROS_VERSION 11 (sessions 45-48 shipped
them: an array read through several references packed for its first one; the innermost loop chosen without regard to
packing), so that decide49.sh's ship49 decides as the shipped pipeline of e469d5d did; mix49 runs pipeline_eval.py
itself with MACROS_VERSION 13 (polyrl.poly.macros._pack and BranchShape.score's `packed`). Session 48's
eval47macros.py (at 0055f9f), restored.

    python eval11macros.py decide PLAN_DIR CONFIG...   # as pipeline_eval.py
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from polyrl.frontend.affine import of_expr
from polyrl.poly import macros
from polyrl.poly.macros import INVARIANT, _stride


def _pack47(b, shape, tile_level, innermost) -> None:
    """polyrl.poly.macros._pack of MACROS_VERSION 11, unchanged."""
    done: set[str] = set()
    for ref, written, its in shape.refs:
        if written or ref.name in shape.written or ref.name in done or ref.name not in b.nest.arrays:
            continue
        used = [lvl for lvl in tile_level if _stride(ref, its[lvl]) not in (INVARIANT,)]
        if len(used) < 2:
            continue
        done.add(ref.name)
        level = max(tile_level[lvl] for lvl in used)
        last = of_expr(ref.indices[-1]) or {}
        kind = "KT" if innermost in used and last.get(("i", its[innermost]), 0) == 0 else "K"
        b.first((kind, level, b.nest.arrays.index(ref.name)))


def _patch() -> None:
    unpacked = macros._innermost_first
    macros._pack = _pack47
    macros._innermost_first = lambda b, shape, band=None, packed=False: unpacked(b, shape, band)


if __name__ == "__main__":
    _patch()
    script = Path(__file__).resolve().parents[1] / "session38" / "pipeline_eval.py"
    sys.argv[0] = str(script)
    sys.path.insert(0, str(script.parent))
    runpy.run_path(str(script), run_name="__main__")
