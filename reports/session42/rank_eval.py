"""Session 42, diagnosis: how the pick's two forms models (this machine's blends) and the check's
cost model rank the measured macro schedules of programs none of them was taught (a store of
`polyrl measure --schedules macros`), per program: within-program Spearman, and the measured
time of each model's fastest-predicted schedule over the fastest measured (top-1 regret).

    python reports/session42/rank_eval.py STORE CORPUS [MAX_PROGRAMS]
"""

from __future__ import annotations

import sys
from pathlib import Path

from polyrl.search import Policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session43"))
from rank_eval import rank  # noqa: E402 - session 43's, which takes any models


def main(store: str, corpus: str, limit: int) -> None:
    policy = Policy.load(check=True, pick=True)
    rank(store, corpus, {"forms": [policy.pick], "tuned": [policy.pick_also], "check": [policy.check]}, limit)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 10**9)
