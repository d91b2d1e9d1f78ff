"""Session 67: how much of the labelled candidates' best the one-shot pipeline gets, per held-out set (nothing timed).

  .venv/bin/python reports/session67/oracle67.py REPLAY.jsonl[.gz] ... --shards SHARD ... [--variant F65]

For every program of replay67.py's output: the original loops' measured time, the shipped variant's final schedule's
(speedup 1 where it keeps the original), and the fastest verified schedule among the program's labels (the checked
schedule, the macro pick's candidates and 8 policy samples, as the listing measured them). Per set: the geometric means
of both, and the share of the best's log-gain the pipeline gets (the issue's one-shot share, on generated programs
against the labelled best instead of a search of 32)."""
import argparse
import math
from pathlib import Path

from replay67 import final_replay, speedup


def arguments(doc: str) -> argparse.Namespace:
    """The command line oracle67.py and misses67.py share: replay67.py's outputs, the label shards, the variant."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("replays", nargs="+")
    ap.add_argument("--shards", nargs="+", required=True)
    ap.add_argument("--variant", default="F65")
    return ap.parse_args()


def labelled_best(shards) -> dict[tuple[str, str], tuple[str, float]]:
    """(shard name, program) -> the fastest verified schedule among the program's labels and its speedup over the
    original loops, for the programs whose original loops are labelled."""
    best = {}
    for shard in shards:
        for h, p in final_replay.programs(Path(shard)).items():
            if "" in p["times"]:
                b = min(p["times"], key=p["times"].get)
                best[(Path(shard).name, h)] = (b, p["times"][""] / p["times"][b])
    return best


def main() -> None:
    a = arguments(__doc__)
    best = labelled_best(a.shards)
    rows = final_replay.read_rows(a.replays)
    print(f"{'set':46s} {'n':>4s} {'pipeline':>9s} {'best':>8s} {'share':>6s} {'at best':>8s}")
    for shard in [*sorted({r["shard"] for r in rows}), None]:
        got, top = [], []
        for r in rows:
            if shard is not None and r["shard"] != shard or (r["shard"], r["program"]) not in best:
                continue
            s = speedup(r["variants"][a.variant], r["t_orig"])
            if s is not None:
                got.append(s)
                top.append(best[(r["shard"], r["program"])][1])
        g, b = final_replay.geo(got), final_replay.geo(top)
        at = sum(x >= 0.98 * y for x, y in zip(got, top, strict=True))
        print(f"{shard or 'all':46s} {len(got):4d} {g:8.3f}x {b:7.3f}x {math.log(g) / math.log(b):6.1%} "
              f"{at:4d}/{len(got)}")


if __name__ == "__main__":
    main()
