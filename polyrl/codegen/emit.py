"""Printing a LoopTree as C: the thin Python face of the C++ emitter `polyrl._emit`.

`emit_region(program)` takes the LoopTree dict of `polyrl.codegen.looptree` and returns
the C text that replaces the optimized region: a `/* polyrl: optimized region */`
comment, the guarded `polyrl_min`/`polyrl_max`/`polyrl_floord`/`polyrl_ceild` macros,
and one `{ ... }` block holding the region's declarations and loops.  The text has no
trailing newline and its first line carries no indentation (it goes where the region
began); every later line starts with `program["indent"]`.  Malformed input raises
ValueError naming the offending part, e.g. `LoopTree root.body: missing key 'iter'`.
"""

from __future__ import annotations

from polyrl import _emit


def emit_region(program: dict) -> str:
    """C text for the region described by the LoopTree `program` (see module docstring)."""
    return _emit.emit_region(program)
