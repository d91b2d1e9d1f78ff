"""Session 70: what the macro pick could do with its candidates, from replay70's rows alone (nothing run or timed).

  .venv/bin/python reports/session70/pick70.py ROWS.jsonl[.gz] ... --shards SHARD ... [--variant F67]

Per program, the pick's candidates are the texts of the variant's last prediction by its pick models (the checked
schedule first, the original loops last: Policy._macro_pick's order); their labels come from the shards. Printed per
set: the variant's final schedules; the pick with other margins (mean log predicted time over the two models, each
of which must predict the gain); the best labelled candidate the pick had (ranking alone could reach it); and the
best labelled schedule of the program (what the candidates lack is the rest). Geometric means over the programs
whose schedules are all labelled."""
import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
import final_replay  # noqa: E402
from final_replay import geo  # noqa: E402

MARGINS = (1.0, 1.1, 1.25, 1.5, 2.0)


def pick_entries(v: dict):
    """The pick's two prediction entries: the last two by forms models over the same texts ending with ''."""
    forms = [e for e in v["pred"] if "costmodel-forms" in e[0] and e[1] and e[1][-1] == ""]
    if len(forms) < 2 or forms[-1][1] != forms[-2][1]:
        return None
    return forms[-2:]


def programs(rows_files, shards, variant: str = "F67") -> list[dict]:
    """Per labelled program of the rows (its original loops labelled): its set, the pick's candidate texts and each
    pick model's predicted times over them and the original (None where the pick weighed nothing), its labels
    (schedule text: median seconds, merged over the shards) and the variant's final schedule."""
    times: dict = {}
    for s in shards:
        for h, p in final_replay.programs(Path(s)).items():
            times.setdefault(h, {}).update(p["times"])
    out = []
    for r in final_replay.read_rows(rows_files):
        t = times.get(r["program"])
        if t is None or "" not in t:
            continue
        v = r["variants"][variant]
        e = pick_entries(v)
        out.append({"set": r["shard"], "texts": e[0][1][:-1] if e else None, "preds": [x[2] for x in e] if e else None,
                    "t": t, "final": v["final"]})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", nargs="+")
    ap.add_argument("--shards", nargs="+", required=True)
    ap.add_argument("--variant", default="F67")
    a = ap.parse_args()
    by_set: dict = {}
    for p in programs(a.rows, a.shards, a.variant):
        t, texts, preds = p["t"], p["texts"], p["preds"]
        orig = t[""]
        out = by_set.setdefault(p["set"], {"n": 0, "skip": 0, "final": [], "best": [], "cand": [],
                                           **{m: [] for m in MARGINS}})
        out["n"] += 1
        final = t.get(p["final"]) if p["final"] else orig
        if texts is None or final is None or any(x not in t for x in texts):
            out["skip"] += 1
            continue
        logs = [sum(math.log(x[k]) for x in preds) / len(preds) for k in range(len(texts))]
        best = min(range(len(texts)), key=lambda k: logs[k])
        gain = min(x[0] / x[best] for x in preds)
        for m in MARGINS:
            out[m].append(orig / t[texts[best if best > 0 and gain >= m else 0]])
        out["final"].append(orig / final)
        out["cand"].append(orig / min(t[x] for x in texts))
        out["best"].append(orig / min(t.values()))
    print(f"variant {a.variant}; margins over the mean log predicted time of both pick models, each asked for the gain")
    head = " ".join(f"m{m:<5}" for m in MARGINS)
    print(f"{'set':44s} {'n':>4s} {'skip':>4s} {'final':>7s} {head} {'cand*':>7s} {'best*':>7s}")
    for s, o in sorted(by_set.items()):
        cols = " ".join(f"{geo(o[m]):6.3f}" for m in MARGINS)
        print(f"{s[:44]:44s} {o['n']:4d} {o['skip']:4d} {geo(o['final']):7.3f} {cols} {geo(o['cand']):7.3f} "
              f"{geo(o['best']):7.3f}")


if __name__ == "__main__":
    main()
