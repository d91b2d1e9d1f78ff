"""Session 38: session 35's pick rules with the original loops as one more candidate, scored offline
on the measured held-out stores (plan.json holds both forms models' predicted time of the original).

    python pick_original.py PLAN_DIR STORE [MARGIN...]
"""
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session35"))
from pick_eval import geomean, pick  # noqa: E402

from polyrl.model.costmodel import index_corpus, read_manifest, read_store  # noqa: E402


def choose(row: dict, margin: float, original_margin: float | None) -> str:
    """The shipped rule (c32+c34@margin); then, where both models predict the original loops at
    least original_margin faster than that choice, the original."""
    i = pick(row, f"c32+c34@{margin}")
    if original_margin is not None:
        ratios = [row["predicted"][m][i] / row["predicted_original"][m] for m in ("c32", "c34")]
        if min(ratios) >= original_margin:
            return ""
    return row["candidates"][i]["schedule"]


def main() -> int:
    plan_dir, store, *margins = sys.argv[1:]
    plan = json.loads((Path(plan_dir) / "plan.json").read_text())
    samples, _ = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(Path(plan_dir) / "corpus"), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    print(f"{'rule':28s} {'geomean':>8s} {'<0.95x':>6s} {'original':>8s} {'vs shipped':>10s}")
    shipped = {r["id"]: seconds[(r["id"], "")] / seconds[(r["id"], choose(r, 1.25, None))] for r in plan}
    for om in [None, *map(float, margins)]:
        sp = {r["id"]: seconds[(r["id"], "")] / seconds[(r["id"], choose(r, 1.25, om))] for r in plan}
        orig = sum(choose(r, 1.25, om) == "" for r in plan)
        print(f"{'shipped' if om is None else f'shipped, original @{om}':28s} {geomean(list(sp.values())):7.3f}x "
              f"{sum(x < 0.95 for x in sp.values()):6d} {orig:8d} {geomean([sp[k] / shipped[k] for k in sp]):9.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
