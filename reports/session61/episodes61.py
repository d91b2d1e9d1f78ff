"""Session 61: how often p13's greedy episode differs from p11's on decide61's nine held-out sets, before the check and
the macro pick, against how often the pipeline's final decision differs (decisions.json: ship61, mix61). Nothing
timed.
  .venv/bin/python reports/session61/episodes61.py /work/runs/s61/p13.pt SET_DIR..."""
import json
import sys
from pathlib import Path

from polyrl.api import load
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import _argmax

ship = Policy.load()
new = Policy.load(sys.argv[1])
total = [0, 0, 0]
for d in map(Path, sys.argv[2:]):
    files = {json.loads(line)["id"]: json.loads(line)["file"]
             for line in (d / "corpus" / "manifest.jsonl").read_text().splitlines() if line.strip()}
    decisions = json.loads((d / "decisions.json").read_text())
    episodes = finals = 0
    for pid, f in files.items():
        lp = LoadedProgram.of(load(d / "corpus" / f))
        a, b = ship.episode(lp, _argmax).text, new.episode(lp, _argmax).text
        episodes += a != b
        finals += decisions["ship61"]["chosen"][pid]["schedule"] != decisions["mix61"]["chosen"][pid]["schedule"]
    print(f"{d.name}: {len(files)} programs, greedy episodes differ on {episodes}, final decisions on {finals}",
          flush=True)
    total = [total[0] + len(files), total[1] + episodes, total[2] + finals]
print(f"all: {total[0]} programs, greedy episodes differ on {total[1]}, final decisions on {total[2]}")
