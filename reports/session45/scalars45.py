"""Session 45: the shipped one-shot pipeline with program graphs that keep read-only scalars as
reads (`keep`, the graphs before session 45) or leave them out as constants (`const`,
polyrl.model.features.CONSTANT_SCALARS). Decisions only; nothing is timed.

    python scalars45.py PLAN_DIR keep|const
"""

from __future__ import annotations

import sys
from pathlib import Path

import polyrl.model.features as features
from polyrl.search import Policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import decide  # noqa: E402

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in ("keep", "const"):
        print(__doc__)
        sys.exit(2)
    features.CONSTANT_SCALARS = sys.argv[2] == "const"
    decide(Path(sys.argv[1]), [sys.argv[2]], lambda _: Policy.load(check=True, pick=True))
