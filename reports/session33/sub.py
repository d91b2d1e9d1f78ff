"""A folder of the corpus programs a `prog: SCHEDULE` listing names (their files and manifest
lines), so that `polyrl measure` times those programs only (session 29's helper, kept here).

    python sub.py CORPUS LISTING OUT
"""
import json
import shutil
import sys
from pathlib import Path

corpus, listing, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
ids = {line.split(":")[0] for line in listing.read_text().splitlines() if line.strip()}
out.mkdir(exist_ok=True)
lines = [line for line in (corpus / "manifest.jsonl").read_text().splitlines()
         if line and json.loads(line)["id"] in ids]
for line in lines:
    name = json.loads(line)["file"]
    shutil.copy(corpus / name, out / name)
(out / "manifest.jsonl").write_text("".join(line + "\n" for line in lines))
print(out, len(lines))
