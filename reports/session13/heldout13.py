"""Held-out check of the shipped policy with and without the cost model's check, on generated
programs it never trained on (the first 60 of a corpus with an estimate of 10-300 ms).

python heldout13.py CORPUS OUT.txt            greedy schedules of `p4` (policy.pt) and of `p4+check`:
                                               OUT.txt (`prog: SCHEDULE` lines for polyrl measure)
                                               and OUT.txt.json (one row per program and policy)
python heldout13.py CORPUS OUT.txt --report STORE
                                               geometric-mean speedups of each from the store, the
                                               programs below 0.95x, and where the two differ
"""
import json
import math
import sys
from pathlib import Path

corpus, out = sys.argv[1], sys.argv[2]
manifest = [json.loads(line) for line in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in manifest if 10 <= e["estimate_ms"] <= 300][:60]

if len(sys.argv) == 3:
    from polyrl.api import load
    from polyrl.search.policy import Policy

    policies = {"p4": Policy.load(), "p4+check": Policy.load(check=True)}
    rows = []
    for e in keep:
        for name, policy in policies.items():
            inference = policy.greedy(load(Path(corpus) / e["file"]))
            rows.append({"id": e["id"], "policy": name, "schedule": inference.text,
                         "seconds": inference.seconds})
    json.dump(rows, open(out + ".json", "w"), indent=0)
    with open(out, "w") as f:
        for pid, schedule in sorted({(r["id"], r["schedule"]) for r in rows if r["schedule"]}):
            f.write(f"{pid}: {schedule}\n")
    changed = sum(1 for a, b in zip(rows[::2], rows[1::2]) if a["schedule"] != b["schedule"])
    print(f"{len(keep)} programs; the check changed {changed} schedule(s)")
else:
    from polyrl.model.costmodel import index_corpus, read_manifest, read_store

    samples, _ = read_store(sys.argv[4])
    ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda s: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    rows = json.load(open(out + ".json"))
    speedup = {}
    for r in rows:
        base, mine = seconds.get((r["id"], "")), seconds.get((r["id"], r["schedule"]))
        if base and mine:
            speedup[(r["policy"], r["id"])] = base / mine
    for name in dict.fromkeys(r["policy"] for r in rows):
        v = [x for (n, _), x in speedup.items() if n == name]
        times = sorted(r["seconds"] for r in rows if r["policy"] == name)
        print(f"{name:9s} {len(v):3d} programs  geomean {math.exp(sum(map(math.log, v)) / len(v)):.3f}x  "
              f"below 0.95x: {sum(x < 0.95 for x in v)}  inference median {1000 * times[len(times) // 2]:.1f} ms")
    chosen = {(r["policy"], r["id"]): r["schedule"] for r in rows}
    for e in keep:
        a, b = chosen[("p4", e["id"])], chosen[("p4+check", e["id"])]
        if a != b:
            print(f"  {e['id']}: {speedup.get(('p4', e['id']), float('nan')):.2f}x `{a or 'none'}` -> "
                  f"{speedup.get(('p4+check', e['id']), float('nan')):.2f}x `{b or 'none'}`")
