"""Split the shipped cost model's first 684 training programs (session 16's seeded hash
order, as substore.py) into three sets of 228, A, B and C, and each program's schedules into two
seeded halves, so the measurement can run part by part: A1, A2, B1, B2, C1. Writes the corpora
g8m-A, g8m-B, g8m-C and the schedule files A1.txt ... C2.txt.

  python parts.py g8m g8m-sched.txt split-c.pt
"""
import hashlib
import json
import shutil
import sys
from collections import defaultdict
from pathlib import Path

import torch

from polyrl.model.costmodel import _hash_of, read_manifest

corpus, sched, split_path = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
split = torch.load(split_path, weights_only=False)["split"]
ids = {_hash_of(e): e.id for e in read_manifest(corpus)}
train = sorted(split["train"], key=lambda p: hashlib.sha256(f"sub:{p}".encode()).hexdigest())
sets = {"A": [ids[h] for h in train[:228]], "B": [ids[h] for h in train[228:456]],
        "C": [ids[h] for h in train[456:684]]}
lines = defaultdict(list)
for ln in sched.read_text().splitlines():
    lines[ln.split(":", 1)[0]].append(ln)
for name, members in sets.items():
    out = corpus.with_name(f"{corpus.name}-{name}")
    out.mkdir(exist_ok=True)
    keep = set(members)
    with open(out / "manifest.jsonl", "w") as f:
        for ln in (corpus / "manifest.jsonl").read_text().splitlines():
            e = json.loads(ln)
            if e["id"] in keep:
                shutil.copy(corpus / e["file"], out / e["file"])
                f.write(ln + "\n")
    halves = ([], [])
    for p in members:
        ordered = sorted(lines[p], key=lambda ln: hashlib.sha256(f"half:{ln}".encode()).hexdigest())
        cut = len(ordered) // 2  # smaller half first: 456 programs with it cost about as many evaluations (with baselines) as 228 with all
        halves[0].extend(ordered[:cut])
        halves[1].extend(ordered[cut:])
    for k, half in enumerate(halves, 1):
        Path(f"{name}{k}.txt").write_text("".join(ln + "\n" for ln in half))
    print(f"{name}: {len(members)} programs in {out}; halves {len(halves[0])} + {len(halves[1])} schedules")
