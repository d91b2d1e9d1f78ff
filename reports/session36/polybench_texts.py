"""Region-text hashes of the schedules a bench's results.md lists in its inference tables
(polyrl-policy, polyrl-macro-pick), with the polyrl this Python imports; run once per build.
usage: polybench_texts.py RESULTS.md DATASET OUT.json"""
import hashlib
import json
import re
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite

md, dataset, out_path = sys.argv[1:4]
kernels = {k.name: k for k in discover(resolve_suite("polybench")[1])}
out = {}
for line in Path(md).read_text().splitlines():
    m = re.match(r"\| ([\w-]+) \| [\d.]+ \w+ \| \d+ \| `([^`]*)` \|", line)
    if not m or m.group(1) not in kernels or m.group(2) in ("none", ""):
        continue
    name, schedule = m.groups()
    prog = kernels[name].load(dataset)
    out[f"{name}: {schedule}"] = hashlib.sha256(prog.apply(schedule).region_text.encode()).hexdigest()
Path(out_path).write_text(json.dumps(out, indent=0, sort_keys=True))
print(len(out), "schedules")
