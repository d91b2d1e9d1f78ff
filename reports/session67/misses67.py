"""Session 67: where the one-shot pipeline's final schedule falls short of the labelled best (nothing timed).

  .venv/bin/python reports/session67/misses67.py REPLAY.jsonl[.gz] ... --shards SHARD ... [--variant F65]

For every program of replay67.py's output whose final schedule is labelled: the log of the labelled best's speedup
over the final schedule's (the best among the program's verified labels: the checked schedule, the macro pick's
candidates and 8 policy samples), summed by where the final schedule came from (the checked schedule, the original
loops, or the macro named); then, for the programs where the best is at least 1.2x faster, the pairs (where the
final came from, the actions the best schedule uses), most common first. The best of about fifteen noisy medians
is biased upwards, so the sums say where the misses are, not how large they are."""
import collections
import math
import re

from oracle67 import arguments, labelled_best
from replay67 import final_replay, speedup


def actions(text: str) -> str:
    """The distinct action letters of a schedule's text, sorted (`original` for none)."""
    return "".join(sorted(set(re.findall(r"\b([A-Z])\d*\(", text)))) or "original"


def main() -> None:
    a = arguments(__doc__)
    best = labelled_best(a.shards)
    count, lost, pairs = collections.Counter(), collections.defaultdict(float), collections.Counter()
    for r in final_replay.read_rows(a.replays):
        k = (r["shard"], r["program"])
        v = r["variants"][a.variant]
        got = speedup(v, r["t_orig"])
        if k not in best or got is None:
            continue
        source = f"macro {v['macro']}" if v["macro"] else "checked" if v["final"] else "original"
        gap = math.log(best[k][1] / got)
        count[source] += 1
        lost[source] += gap
        if gap > math.log(1.2):
            pairs[(source, actions(best[k][0]))] += 1
    total = sum(lost.values())
    print(f"{sum(count.values())} programs; the labelled best's log-gain over the final schedule, by the final's "
          "source")
    for s in sorted(lost, key=lost.get, reverse=True):
        print(f"  {s:32s} {count[s]:5d} programs  {lost[s]:7.1f} ({lost[s] / total:.0%})")
    print(f"where the best is at least 1.2x faster ({sum(pairs.values())} programs): the final's source, the best's "
          "actions")
    for (s, acts), n in pairs.most_common(20):
        print(f"  {s:32s} {acts:10s} {n:4d}")


if __name__ == "__main__":
    main()
