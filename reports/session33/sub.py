import json, sys, shutil
from pathlib import Path
corpus, listing, out = sys.argv[1:4]
ids = {l.split(":")[0] for l in open(listing) if l.strip()}
o = Path(out); o.mkdir(exist_ok=True)
lines = [l for l in (Path(corpus) / "manifest.jsonl").read_text().splitlines() if l and json.loads(l)["id"] in ids]
for l in lines:
    e = json.loads(l); shutil.copy(Path(corpus) / e["file"], o / e["file"])
(o / "manifest.jsonl").write_text("".join(l + "\n" for l in lines))
print(out, len(lines))
