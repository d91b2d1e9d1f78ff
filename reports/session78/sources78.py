"""Session 78: where the labelled best of each program sits against the one-shot pipeline's final (nothing timed):
the final itself, among the schedules the variant's forms models scored (every model of its row's predictions but the
check's cost model: the checked schedule and the macro candidates), or outside them (one of the 8 policy samples the listing measured, which the pick does not weigh), with the summed
log-gap of the best over the final per kind.
  .venv/bin/python reports/session78/sources78.py REPLAY.jsonl[.gz] ... --shards SHARD ... --variant Z76"""
import collections
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
from oracle67 import arguments, labelled_best  # noqa: E402
from replay67 import final_replay, speedup  # noqa: E402

from polyrl.search.policy import DEFAULT_COSTMODEL  # noqa: E402  (the check's model, named alone in each row)


def main() -> None:
    a = arguments(__doc__)
    best = labelled_best(a.shards)
    count, gap = collections.Counter(), collections.Counter()
    for r in final_replay.read_rows(a.replays):
        v = r["variants"][a.variant]
        s = speedup(v, r["t_orig"])
        if (r["shard"], r["program"]) not in best or s is None:
            continue
        b, sb = best[(r["shard"], r["program"])]
        scored = {x for model, schedules, _ in v.get("pred", []) if model != DEFAULT_COSTMODEL.name for x in schedules}
        kind = "the final" if b == v["final"] else "scored by the pick" if b in scored else "not scored (a policy sample)"
        count[kind] += 1
        gap[kind] += max(math.log(sb / s), 0.0)
    total = sum(gap.values()) or 1.0
    for kind in count:
        print(f"{kind:30s} {count[kind]:4d} programs  log-gap {gap[kind]:5.1f} ({gap[kind] / total:.0%})")


if __name__ == "__main__":
    main()
