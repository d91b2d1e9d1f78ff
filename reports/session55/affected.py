"""Session 55: which programs of a generated corpus get other macro schedules (every profile, the Pluto forms
included) with this checkout's macros (MACROS_VERSION 16: scalars expanded where that runs more in parallel) than
with 15 (no expansion: old_macros.no_expansions). Nothing is timed.

    python reports/session55/affected.py CORPUS [LIMIT]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from old_macros import no_expansions

from polyrl.api import load
from polyrl.poly import macros


def plans(model, old: bool) -> dict[str, str]:
    real = macros._expansions
    if old:
        macros._expansions = no_expansions
    try:
        model.plans.clear()  # made once per model and profile: made again
        return {name: str(s) for name, s in macros.macro_schedules(model).items()}
    finally:
        macros._expansions = real


def main() -> int:
    corpus = Path(sys.argv[1])
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 10**9
    entries = [json.loads(x) for x in (corpus / "manifest.jsonl").read_text().splitlines() if x.strip()][:limit]
    changed = 0
    for e in entries:
        model = load(corpus / e["file"]).model
        new, old = plans(model, False), plans(model, True)
        if new != old:
            changed += 1
            diff = [f"{k}: {old.get(k)} -> {new.get(k)}" for k in sorted(set(new) | set(old)) if new.get(k) != old.get(k)]
            print(e["id"], e.get("patterns"), *diff, sep="\n  ")
    print(f"{changed} of {len(entries)} programs get other macro schedules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
