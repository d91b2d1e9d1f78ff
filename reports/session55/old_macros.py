"""Session 55: run polyrl (any command line, or session 38's pipeline_eval.py) with the macro schedules of
MACROS_VERSION 15, where no plan expands a scalar (polyrl.poly.macros._expansions finds none): decide55.sh's ship55
decides with it as the shipped pipeline of 51d18ea did. Session 53's old_macros.py does the running.

    python old_macros.py optimize FILE ...          # as `polyrl optimize FILE ...`
    python old_macros.py decide PLAN_DIR CONFIG...  # as pipeline_eval.py (also `schedules`, `report`)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def no_expansions(model):
    return [], model.original


def session53(name: str):
    """Session 53's script `name`.py as a module (this folder has scripts of the same names)."""
    path = Path(__file__).resolve().parents[1] / "session53" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"session53_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    sys.exit(session53("old_macros").run("_expansions", no_expansions))
