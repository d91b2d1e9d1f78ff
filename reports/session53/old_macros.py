"""Session 53: run polyrl (any command line, or session 38's pipeline_eval.py) with the macro schedules
of MACROS_VERSION 13, where a loop whose innermost loop reads one element of the array it writes is still jammed
(polyrl.poly.macros._invariant_alias answers no): decide53.sh's ship53 and decide53b.sh's ship53b decide with it as
the shipped pipeline of 21e0e34 did, and choose_all.sh compares PolyBench's choices before and after.

    python old_macros.py optimize FILE ...          # as `polyrl optimize FILE ...`
    python old_macros.py decide PLAN_DIR CONFIG...  # as pipeline_eval.py (also `schedules`, `report`)
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from polyrl.poly import macros


def run(name: str, value: object) -> int:
    """The command line in sys.argv[1:] with polyrl.poly.macros.`name` replaced by `value`
    (session 55's old_macros.py passes its own)."""
    setattr(macros, name, value)
    if sys.argv[1:2] and sys.argv[1] in ("decide", "schedules", "report"):
        script = Path(__file__).resolve().parents[1] / "session38" / "pipeline_eval.py"
        sys.argv = [str(script), *sys.argv[1:]]
        sys.path.insert(0, str(script.parent))
        runpy.run_path(str(script), run_name="__main__")
        return 0
    from polyrl.cli import main
    sys.argv = ["polyrl", *sys.argv[1:]]
    return main()


if __name__ == "__main__":
    sys.exit(run("_invariant_alias", lambda *_: False))
