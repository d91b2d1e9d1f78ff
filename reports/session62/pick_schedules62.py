"""Session 62: session 58's pick_schedules.py (the schedules the one-shot pipeline weighs on each program of a
generated corpus, for labelling: the checked schedule, the macro pick's candidates and 8 of the policy's samples, as
`ID: SCHEDULE` lines for `polyrl measure --schedules`), written program by program and resumed where a run stopped
(programs already in OUT are skipped), and, with --only, for the named programs alone. Nothing is timed.
  .venv/bin/python reports/session62/pick_schedules62.py CORPUS OUT [--only prog_000080,...]"""
import argparse
import json
import time
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax

ap = argparse.ArgumentParser()
ap.add_argument("corpus", type=Path)
ap.add_argument("out", type=Path)
ap.add_argument("--only", default=None)
a = ap.parse_args()
policy = Policy.load(check=True, pick=True, pick_samples=8)
entries = [json.loads(line) for line in (a.corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
if a.only:
    entries = [e for e in entries if e["id"] in a.only.split(",")]
done = {line.split(":", 1)[0] for line in a.out.read_text().splitlines()} if a.out.is_file() else set()
with open(a.out, "a") as f:
    for n, e in enumerate(entries, 1):
        if e["id"] in done:
            continue
        start = time.perf_counter()
        try:
            lp = LoadedProgram.of(load(a.corpus / e["file"]))
            options = policy.pick_candidates(lp, policy._check(lp, policy.episode(lp, _argmax)))
        except PolyrlError as err:
            print(f"{e['id']}: skipped ({err})", flush=True)
            continue
        lines = [f"{e['id']}: {s}\n" for s, _, _ in options if s.actions]
        f.write("".join(lines))
        f.flush()
        print(f"{n}/{len(entries)} {e['id']}: {len(lines)} schedules in {time.perf_counter() - start:.1f} s", flush=True)
