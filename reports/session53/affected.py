"""Session 53: which programs of a generated corpus get other macro schedules (every profile, the Pluto forms
included) with this checkout's macros (MACROS_VERSION 14 at 720f67f, 15 from session 53's second rule) than with 13 (polyrl.poly.macros._invariant_alias answering no). Nothing is timed.

    python reports/session53/affected.py CORPUS [LIMIT]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.poly import macros


def plans(model, old: bool, name: str = "_invariant_alias", value: object = lambda *_: False) -> dict[str, str]:
    """The model's macro schedules by profile; `old`: with polyrl.poly.macros.`name` replaced
    by `value` (session 55's affected.py passes its own)."""
    real = getattr(macros, name)
    if old:
        setattr(macros, name, value)
    try:
        model.plans.clear()  # made once per model and profile: made again
        return {profile: str(s) for profile, s in macros.macro_schedules(model).items()}
    finally:
        setattr(macros, name, real)


def main(name: str = "_invariant_alias", value: object = lambda *_: False) -> int:
    corpus = Path(sys.argv[1])
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 10**9
    entries = [json.loads(x) for x in (corpus / "manifest.jsonl").read_text().splitlines() if x.strip()][:limit]
    changed = 0
    for e in entries:
        model = load(corpus / e["file"]).model
        new, old = plans(model, False, name, value), plans(model, True, name, value)
        if new != old:
            changed += 1
            diff = [f"{k}: {old.get(k)} -> {new.get(k)}" for k in sorted(set(new) | set(old)) if new.get(k) != old.get(k)]
            print(e["id"], e.get("patterns"), *diff, sep="\n  ")
    print(f"{changed} of {len(entries)} programs get other macro schedules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
