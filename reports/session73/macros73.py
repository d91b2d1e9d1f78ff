"""Session 73: every macro schedule (polyrl.poly.macros.macro_schedules) of each program of a corpus, as
`ID: SCHEDULE` lines (nothing timed).   .venv/bin/python reports/session73/macros73.py CORPUS OUT.txt"""
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.poly.macros import macro_schedules

corpus, out = Path(sys.argv[1]), Path(sys.argv[2])
with open(out, "w") as f:
    for e in map(json.loads, (corpus / "manifest.jsonl").read_text().splitlines()):
        try:
            prog = load(corpus / e["file"])
            for s in dict.fromkeys(str(s) for s in macro_schedules(prog.model).values()):
                if s:
                    f.write(f"{e['id']}: {s}\n")
        except PolyrlError as err:
            print(f"{e['id']}: skipped ({err})", flush=True)
