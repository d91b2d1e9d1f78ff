"""Session 44: a configuration's one-shot schedules on a held-out set against the original, from a store
that holds them (polyrl measure): the geomean speedup, the programs kept as they were and those below
0.95x; where the store also holds other schedules of the programs (the macro schedules, measured by the
labeller), the best measured one and the one-shot share of its log-gain (the held-out analogue of the
PolyBench MEDIUM target: one-shot log-gain over the search's).

    python reports/session44/oneshot.py PLAN_DIR STORE CONFIG...
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

from polyrl.model.costmodel import index_corpus, read_manifest, read_store


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    plan_dir, store, configs = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    decisions = json.loads((plan_dir / "decisions.json").read_text())
    samples, machine = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(plan_dir / "corpus"), {}, 1, lambda _: None).items()}
    times: dict[str, dict[str, float]] = defaultdict(dict)
    for s in samples:
        if s.program in ids:
            times[ids[s.program]][s.schedule] = s.seconds
    print(f"{plan_dir.name} on {machine}")
    for c in configs:
        chosen = {p: v["schedule"] for p, v in decisions[c]["chosen"].items()}
        gains, best, missing = {}, {}, []
        for p, sched in sorted(chosen.items()):
            t = times.get(p, {})
            if "" not in t or sched not in t:
                missing.append(p)
                continue
            gains[p] = t[""] / t[sched]
            best[p] = t[""] / min(t.values())
        if not gains:
            print(f"{c}: nothing measured")
            continue
        logs = [math.log(g) for g in gains.values()]
        kept = sum(not chosen[p] for p in gains)
        low = sorted((g, p) for p, g in gains.items() if g < 0.95)
        print(f"{c}: {len(gains)} programs, geomean {math.exp(sum(logs) / len(logs)):.3f}x against the original; "
              f"kept as it was {kept}; below 0.95x {len(low)}"
              + (" (" + ", ".join(f"{p.split('_')[-1]} {g:.2f}x" for g, p in low) + ")" if low else ""))
        several = [p for p in gains if len(times[p]) > 3]
        if several:
            one = sum(math.log(gains[p]) for p in several)
            top = sum(math.log(best[p]) for p in several)
            print(f"  on the {len(several)} programs with other schedules measured: one-shot "
                  f"{math.exp(one / len(several)):.3f}x, best measured {math.exp(top / len(several)):.3f}x, "
                  f"share of the log-gain {one / top:.1%}" if top > 0 else "")
        if missing:
            print(f"  not measured: {len(missing)} ({', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
