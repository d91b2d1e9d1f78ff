"""The shipped cost model's validation and test programs of g8m, as their own corpus
(g8m-tv) with their schedules, so they can be measured first. Its split is split_programs
over the 1,098 program hashes that had samples in session 10 (seed 0). Writes split-c.json
(program id -> part)."""
import json
import shutil
import sys
from pathlib import Path

from polyrl.model.costmodel import _hash_of, read_manifest, split_programs

corpus, sched, out, out_sched = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
bad = {"prog_000076", "prog_000471"}  # baseline-miscompiled in session 10: no samples
entries = read_manifest(corpus)
h = {e.id: _hash_of(e) for e in entries}
split = split_programs([h[i] for i in h if i not in bad], 0)
part = {hh: k for k, v in split.items() for hh in v}
which = {i: part.get(h[i], "none") for i in h}
json.dump(which, open("split-c.json", "w"), indent=0)
keep = {i for i, k in which.items() if k in ("test", "val")}
out.mkdir(exist_ok=True)
with open(out / "manifest.jsonl", "w") as f:
    for line in (corpus / "manifest.jsonl").read_text().splitlines():
        e = json.loads(line)
        if e["id"] in keep:
            shutil.copy(corpus / e["file"], out / e["file"])
            f.write(line + "\n")
lines = [ln for ln in sched.read_text().splitlines() if ln.split(":", 1)[0] in keep]
out_sched.write_text("".join(ln + "\n" for ln in lines))
print({k: len(v) for k, v in split.items()}, len(keep), "programs,", len(lines), "schedules in", out)
