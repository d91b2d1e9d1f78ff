"""Session 41: a fresh held-out set for pipeline_eval.py's `decide` without session 35's candidate
plans: the first COUNT programs of a generated corpus estimated at 10-300 ms (pick_plan.py
--heldout's choice), linked into OUT/corpus with OUT's name as their id prefix, and a plan.json that
only lists them. Nothing is timed.

    python reports/session41/fresh_set.py CORPUS OUT COUNT [LO_MS HI_MS]

LO_MS and HI_MS (default 10 and 300) bound the estimate; session 44's MEDIUM-sized sets pass 0.05 5.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) not in (4, 6):
        print(__doc__)
        return 2
    corpus, out, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    lo, hi = (float(sys.argv[4]), float(sys.argv[5])) if len(sys.argv) == 6 else (10.0, 300.0)
    tag = corpus.name + "-"
    entries = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
    chosen = [e for e in sorted(entries, key=lambda e: e["id"]) if lo <= e["estimate_ms"] <= hi][:count]
    (out / "corpus").mkdir(parents=True, exist_ok=True)
    manifest, plan = [], []
    for e in chosen:
        e = dict(e, id=tag + e["id"], file=tag + e["file"])
        target = out / "corpus" / e["file"]
        if not target.exists():
            os.link(corpus / e["file"].removeprefix(tag), target)
        manifest.append(json.dumps(e) + "\n")
        plan.append({"id": e["id"], "patterns": e.get("patterns"), "memory_bytes": e.get("memory_bytes")})
    (out / "corpus" / "manifest.jsonl").write_text("".join(manifest))
    (out / "plan.json").write_text(json.dumps(plan))
    print(f"{len(chosen)} of {len(entries)} programs -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
