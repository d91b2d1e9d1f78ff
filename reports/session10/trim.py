"""Pick the cost-model corpus: programs of g8n in index order whose size-model estimate is
at least 3 ms, the first N of them, each with at most K of its candidate schedules (a
seeded sample, file order kept). Writes the subset folder and its schedule file."""
import json
import random
import shutil
import sys
from collections import defaultdict
from pathlib import Path

src, cand, out, sched, n, k = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
man = [json.loads(line) for line in open(Path(src) / "manifest.jsonl")]
keep = [e for e in man if e["estimate_ms"] >= 3.0][:n]
out.mkdir(exist_ok=True)
with open(out / "manifest.jsonl", "w") as f:
    for e in keep:
        shutil.copy(Path(src) / e["file"], out / e["file"])
        f.write(json.dumps(e, sort_keys=True) + "\n")
by = defaultdict(list)
for line in open(cand):
    p, s = line.split(":", 1)
    by[p].append(s.strip())
rng = random.Random(6)
total = 0
with open(sched, "w") as f:
    for e in keep:
        ss = by[e["id"]]
        if len(ss) > k:
            idx = sorted(rng.sample(range(len(ss)), k))
            ss = [ss[i] for i in idx]
        for s in ss:
            f.write(f"{e['id']}: {s}\n")
        total += len(ss)
print(len(keep), "programs,", total, "schedules")
