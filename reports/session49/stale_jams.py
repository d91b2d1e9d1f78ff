"""Session 49: the labels the emitter change of 687ad22 made stale, as a schedules file to measure again.

A jammed loop bounded below by the vector loop (syrk's i >= j once i is jammed inside the loop of j) is written since
687ad22 with the register block's own rows, each copy guarded by `j <= row` (and the vector loop split at the block's
first row), where its copies moved with j before. Such schedules run several times faster now, so their labels,
measured before, are stale; measured again into a new shard they supersede the old ones on import (the latest
measurement of a key wins). A schedule is listed when its code now holds such a guard (`if (cN <= (...))`), which
the emitter wrote nowhere before.

    python stale_jams.py STORE CORPUS OUT.txt   # OUT: `id: SCHEDULE` lines for `polyrl measure --schedules`
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime.store import MemoStore, program_hash

GUARD = re.compile(r"if \(c\d+ <= \([^()]*\)\)")


def main(store_path: str, corpus: str, out: str) -> None:
    by_program: dict[str, list[str]] = {}
    with MemoStore(store_path) as store:
        for key, rec in store.items():
            if key.schedule and rec.verified and re.search(r"\bJ2?\(", key.schedule):
                by_program.setdefault(key.program, []).append(key.schedule)
    listed = checked = 0
    part = Path(out + ".part")  # renamed when complete: a stopped run leaves no partial list
    with open(part, "w") as f:
        for line in (Path(corpus) / "manifest.jsonl").read_text().splitlines():
            entry = json.loads(line)
            program = load(Path(corpus) / entry["file"])
            for schedule in sorted(set(by_program.get(program_hash(program.scop), []))):
                checked += 1
                try:
                    text = program.apply(schedule).region_text
                except PolyrlError:
                    continue
                if GUARD.search(text):
                    f.write(f"{Path(entry['file']).stem}: {schedule}\n")
                    listed += 1
    part.replace(out)
    print(f"{listed} of {checked} jammed schedules' labels are stale -> {out}")


if __name__ == "__main__":
    main(*sys.argv[1:4])
