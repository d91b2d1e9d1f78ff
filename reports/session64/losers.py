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

# what the pick's two models (the mean of their logs) predicted for the losers and the winners
import statistics  # noqa: E402

done = [r for r in rows if r["final"] and r["t_final"] is not None]
mean = {id(r): math.sqrt(r["pred"]["forms"] * r["pred"]["forms_also"]) for r in done}
losers = [r for r in done if r["t_orig"] / r["t_final"] < 0.95]
winners = [r for r in done if r["t_orig"] / r["t_final"] > 1.05]
slower = [r for r in done if mean[id(r)] < 1]
print(f"\n{len(done)} transformed programs, {len(losers)} below 0.95x, {len(winners)} above 1.05x")
print(f"median predicted gain (pick mean): losers {statistics.median(mean[id(r)] for r in losers):.2f}x, "
      f"winners {statistics.median(mean[id(r)] for r in winners):.2f}x")
print(f"predicted slower than the original: {len(slower)}; of them {sum(r in losers for r in slower)} below 0.95x, "
      f"{sum(r in winners for r in slower)} above 1.05x")
