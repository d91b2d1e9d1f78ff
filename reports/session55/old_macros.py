"""Session 55: run polyrl (any command line, or session 38's pipeline_eval.py) with the macro schedules of
MACROS_VERSION 15, where no plan expands a scalar (polyrl.poly.macros._expansions finds none): decide55.sh's ship55
decides with it as the shipped pipeline of 51d18ea did, and choose_all.sh-like comparisons use it for "before".

    python old_macros.py optimize FILE ...          # as `polyrl optimize FILE ...`
    python old_macros.py decide PLAN_DIR CONFIG...  # as pipeline_eval.py (also `schedules`, `report`)
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from polyrl.poly import macros


def no_expansions(model):
    return [], model.original


if __name__ == "__main__":
    macros._expansions = no_expansions
    if sys.argv[1:2] and sys.argv[1] in ("decide", "schedules", "report"):
        script = Path(__file__).resolve().parents[1] / "session38" / "pipeline_eval.py"
        sys.argv = [str(script), *sys.argv[1:]]
        sys.path.insert(0, str(script.parent))
        runpy.run_path(str(script), run_name="__main__")
    else:
        from polyrl.cli import main
        sys.argv = ["polyrl", *sys.argv[1:]]
        sys.exit(main())
