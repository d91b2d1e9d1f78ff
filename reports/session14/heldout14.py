"""Held-out check of several policy checkpoints, greedy and without the cost model's check, on
generated programs none of them trained on (the first 60 of a corpus with an estimate of 10-300 ms).

python heldout14.py CORPUS OUT.txt NAME=POLICY.pt ...
        greedy schedules of each checkpoint: OUT.txt (`prog: SCHEDULE` lines for polyrl measure)
        and OUT.txt.json (one row per program and policy); NAME=shipped loads the shipped policy,
        and a path ending in +check adds the cost model's check
python heldout14.py CORPUS OUT.txt --report STORE [TIMEOUT_S]
        each policy's geometric-mean speedup from the store, its programs below 0.95x, and how
        many of its schedules differ from the first policy's; a timed-out schedule counts
        as running exactly TIMEOUT_S (default 20, `polyrl measure --timeout`)
"""
import json
import math
import sys
from pathlib import Path

corpus, out = sys.argv[1], sys.argv[2]
manifest = [json.loads(line) for line in open(Path(corpus) / "manifest.jsonl")]
keep = [e for e in manifest if 10 <= e["estimate_ms"] <= 300][:60]

if sys.argv[3] != "--report":
    from polyrl.api import load
    from polyrl.search.policy import Policy

    policies = {}
    for arg in sys.argv[3:]:
        name, _, path = arg.partition("=")
        path, check = path.removesuffix("+check"), path.endswith("+check")
        policies[name] = Policy.load(check=check) if path == "shipped" else Policy.load(path, check=check)
    rows = []
    for e in keep:
        program = load(Path(corpus) / e["file"])
        for name, policy in policies.items():
            inference = policy.greedy(program)
            rows.append({"id": e["id"], "policy": name, "schedule": inference.text,
                         "seconds": inference.seconds})
    json.dump(rows, open(out + ".json", "w"), indent=0)
    with open(out, "w") as f:
        for pid, schedule in sorted({(r["id"], r["schedule"]) for r in rows if r["schedule"]}):
            f.write(f"{pid}: {schedule}\n")
    print(f"{len(keep)} programs, {len(policies)} policies")
else:
    from polyrl.model.costmodel import index_corpus, read_manifest, read_store

    samples, _ = read_store(sys.argv[4])
    ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda s: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    # a schedule that ran past the time limit counts as taking exactly the limit (a bound on its loss)
    from polyrl.runtime import MemoStore

    limit = float(sys.argv[5]) if len(sys.argv) > 5 else 20.0
    with MemoStore(sys.argv[4]) as store:
        for key, record in store.items():
            if record.status == "timeout":
                seconds.setdefault((ids.get(key.program), key.schedule), limit)
    rows = json.load(open(out + ".json"))
    chosen = {(r["policy"], r["id"]): r["schedule"] for r in rows}
    names = list(dict.fromkeys(r["policy"] for r in rows))
    for name in names:
        v = []
        for e in keep:
            base, mine = seconds.get((e["id"], "")), seconds.get((e["id"], chosen[(name, e["id"])]))
            if base and mine:
                v.append(base / mine)
        differ = sum(chosen[(name, e["id"])] != chosen[(names[0], e["id"])] for e in keep)
        print(f"{name:14s} {len(v):3d} programs  geomean {math.exp(sum(map(math.log, v)) / len(v)):.3f}x  "
              f"below 0.95x: {sum(x < 0.95 for x in v):2d}  schedules unlike {names[0]}'s: {differ}")
