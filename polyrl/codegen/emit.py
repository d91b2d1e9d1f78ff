"""Printing a LoopTree as C: the thin Python face of the C++ emitter `polyrl._emit`.

`emit_region(tree)` takes a `polyrl.codegen.looptree.LoopTree` and returns the C text
that replaces the optimized region: a `/* polyrl: optimized region */` comment, the
guarded `polyrl_min`/`polyrl_max`/`polyrl_floord`/`polyrl_ceild` macros, and one
`{ ... }` block holding the region's declarations and loops. The text has no trailing
newline and its first line carries no indentation (it goes where the region began);
every later line starts with `tree.indent`. What the nodes cannot check alone raises
ValueError naming the offending part, e.g. `LoopTree root.body: unknown statement 'S9'`.
"""

from __future__ import annotations

from polyrl import _emit
from polyrl.codegen.looptree import LoopTree


def emit_region(tree: LoopTree) -> str:
    """C text for the region described by `tree` (see the module docstring)."""
    if not isinstance(tree, LoopTree):
        raise TypeError(f"emit_region takes a LoopTree, not {type(tree).__name__}")
    return _emit.emit_region(tree)
