"""Session 59: the C text of every packing schedule a bench report names, for PolyBench at its size,
written one file per (kernel, schedule) so two versions of the emitter can be compared with diff.
  .venv/bin/python reports/session59/pack_texts.py OUT SIZE:report.md [SIZE:report.md ...]"""
import hashlib
import re
import sys
from pathlib import Path

from polyrl.bench.suite import discover, resolve_suite
from polyrl.errors import PolyrlError

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
_, folder = resolve_suite("polybench")
kernels = {k.name: k for k in discover(folder)}
wanted: dict[tuple[str, str], set[str]] = {}
for arg in sys.argv[2:]:
    size, report = arg.split(":", 1)
    for line in Path(report).read_text().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 3 or cells[1] not in kernels:
            continue
        for s in re.findall(r"`([^`]*B\d+:[^`]*)`", line):
            if "K" in s:
                wanted.setdefault((cells[1], size), set()).add(s)
n = 0
for (name, size), schedules in sorted(wanted.items()):
    prog = kernels[name].load(size)
    for s in sorted(schedules):
        tag = hashlib.sha1(s.encode()).hexdigest()[:8]
        try:
            text = prog.apply(s).region_text
        except PolyrlError as e:
            text = f"refused: {e}"
        (out / f"{name}-{size}-{tag}.c").write_text(f"/* {s} */\n{text}\n")
        n += 1
print(f"{n} schedules written to {out}")
