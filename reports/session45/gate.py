"""Session 45: a size gate between two configurations of the one-shot pipeline, computed from
their decisions (nothing is decided or timed here).

    python gate.py instances CORPUS [IDS_FROM_PLAN_DIR]   # each program's statement instances
    python gate.py decide PLAN_DIR SMALL LARGE LOG2_T NAME  # NAME: SMALL's decision below 2^LOG2_T instances, LARGE's at or above

A program's size is the sum over its statements of their instances (isl's count of the
iteration domains, parameters fixed as the masks fix them): what `polyrl optimize` can count
from a C file, unlike the generator's time estimate.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.poly.macros import _instances

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session38"))
from pipeline_eval import _record  # noqa: E402


def instances(corpus: Path, ids: set[str] | None = None) -> dict[str, int]:
    out = {}
    for line in (corpus / "manifest.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        if ids is None or e["id"] in ids:
            out[e["id"]] = sum(_instances(load(corpus / e["file"]).model).values())
    return out


def main() -> int:
    args = sys.argv[1:]
    if args[:1] == ["instances"] and len(args) in (2, 3):
        ids = None
        if len(args) == 3:
            ids = {row["id"] for row in json.loads((Path(args[2]) / "plan.json").read_text())}
        sizes = instances(Path(args[1]), ids)
        for p, n in sorted(sizes.items(), key=lambda kv: kv[1]):
            print(f"{p} {n} 2^{math.log2(max(n, 1)):.1f}")
        print(f"{len(sizes)} programs, largest 2^{math.log2(max(sizes.values())):.2f}")
        return 0
    if args[:1] == ["decide"] and len(args) == 6:
        plan_dir, small, large, log2_t, name = Path(args[1]), args[2], args[3], float(args[4]), args[5]
        decisions = json.loads((plan_dir / "decisions.json").read_text())
        sizes = instances(plan_dir / "corpus")
        chosen = {p: decisions[small if sizes[p] < 2 ** log2_t else large]["chosen"][p]
                  for p in decisions[small]["chosen"]}
        _record(plan_dir / "decisions.json", name, {"spec": f"gate {small} < 2^{log2_t} <= {large}", "chosen": chosen})
        n = sum(sizes[p] >= 2 ** log2_t for p in chosen)
        print(f"{plan_dir.name} {name}: {large} on {n} of {len(chosen)} programs")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
