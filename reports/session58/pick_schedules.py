"""Session 58: the schedules the one-shot pipeline weighs on each program of a generated corpus, for labelling:
the checked schedule, the macro pick's candidates and 8 of the policy's samples as the pick draws them
(Policy.pick_candidates), as `ID: SCHEDULE` lines for `polyrl measure --schedules`.
Why: the cost models were taught macro schedules, hardly any of the policy's samples, and weighing 8 samples in
the pick lost on two of decide58.sh's fresh sets (predicted faster, measured far slower); labels of samples are
what a model needs before it can weigh them. Nothing is timed.
  .venv/bin/python reports/session58/pick_schedules.py /work/runs/s58/g243 /work/runs/s58/g243/pick58.txt"""
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax

corpus, out = Path(sys.argv[1]), Path(sys.argv[2])
policy = Policy.load(check=True, pick=True, pick_samples=8)
entries = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
lines = []
for n, e in enumerate(entries, 1):
    try:
        lp = LoadedProgram.of(load(corpus / e["file"]))
        options = policy.pick_candidates(lp, policy._check(lp, policy.episode(lp, _argmax)))
    except PolyrlError as err:
        print(f"{e['id']}: skipped ({err})", flush=True)
        continue
    lines += [f"{e['id']}: {s}\n" for s, _, _ in options if s.actions]
    if n % 20 == 0:
        print(f"{n}/{len(entries)} programs, {len(lines)} schedules", flush=True)
out.write_text("".join(lines))
print(f"{len(lines)} schedules of {len(entries)} programs -> {out}")
