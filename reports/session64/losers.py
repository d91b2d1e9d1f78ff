"""Session 64: where the one-shot pipeline's losses on labelled held-out programs come from (final_replay.py's
output): per kind of final schedule (macro pick, whole-program form, the Pluto form in place of the original,
the checked greedy schedule), how many programs, the geometric mean speedup and how many below 0.95x.
  .venv/bin/python reports/session64/losers.py OUT.jsonl [OUT.jsonl ...]"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from final_replay import read_rows  # noqa: E402

rows = read_rows(sys.argv[1:])


def kind(r):
    if not r["final"]:
        return "original"
    if r["macro"]:
        return "macro:" + r["macro"]
    if r["form_instead"]:
        return "form-instead"
    return "whole-form" if r["whole"] else "checked"


by: dict[str, list[float]] = {}
for r in rows:
    if r["final"] and r["t_final"] is None:
        continue
    s = r["t_orig"] / r["t_final"] if r["final"] else 1.0
    by.setdefault(kind(r), []).append(s)
    size = "small" if r["t_orig"] < 2e-3 else "mid" if r["t_orig"] < 2e-2 else "large"
    by.setdefault("base " + size, []).append(s)
print(f"{'kind':28s} {'n':>5s} {'geomean':>8s} {'<0.95':>6s} {'<0.8':>5s}")
for k, v in sorted(by.items(), key=lambda kv: -len(kv[1])):
    g = math.exp(sum(math.log(x) for x in v) / len(v))
    print(f"{k:28s} {len(v):5d} {g:8.3f} {sum(x < 0.95 for x in v):6d} {sum(x < 0.8 for x in v):5d}")
