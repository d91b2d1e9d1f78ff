"""The region text of every macro schedule of every program of a corpus, with the polyrl this
Python imports (run once per build, then compare the two files).

usage: region_texts.py CORPUS OUT.json"""
import hashlib
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.poly.macros import macro_schedules

out = {}
for path in sorted(Path(sys.argv[1]).glob("prog_*.c")):
    try:
        prog = load(path)
        for schedule in macro_schedules(prog.model).values():
            text = prog.apply(str(schedule)).region_text
            out[f"{path.stem}: {schedule}"] = hashlib.sha256(text.encode()).hexdigest()
    except Exception as e:  # noqa: BLE001 - a program the front end refuses is left out
        print(f"{path.name}: {type(e).__name__}: {e}", file=sys.stderr)
Path(sys.argv[2]).write_text(json.dumps(out, indent=0, sort_keys=True))
print(f"{len(out)} schedules")
