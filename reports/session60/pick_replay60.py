"""Session 60: session 59's pick replay (pick_replay.py) with F60 and with rules that ask several model pairs at once
(nothing timed).

Step `predict` runs the shipped pipeline to the pick on a labelled corpus and stores every candidate (the checked
schedule, the macro schedules, 8 policy samples) with each model's predicted time: `ship` = the shipped pair (F52
blended with F56, as this Zen 5 asks them), `f60` = F52 blended with F60 (train60.sh). Step `report` scores rules on
the labels exactly: MODELS/samples=K/margin=M takes the candidate of least mean log predicted time over every model
of MODELS (`ship`, `f60`, or `ship+f60`: all four), among the checked schedule, the macro schedules and the first K
samples, where each of those models predicts it at least M times faster than the checked schedule
(polyrl.search.policy.pick_choice, as `Policy._macro_pick`).
  .venv/bin/python reports/session60/pick_replay60.py predict CORPUS OUT.json
  .venv/bin/python reports/session60/pick_replay60.py report OUT.json STORE CORPUS [OUT.json STORE CORPUS ...]"""
import json
import math
import sys
from pathlib import Path

import numpy as np

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import PICK_MARGIN, CostCheck, _argmax, pick_choice

S = Path("/work/runs/s60")
W = Path("polyrl/model/weights")
RULES = [(m, k, g) for m in ("ship", "f60", "ship+f60") for k in (0, 8) for g in (1.0, 1.1, PICK_MARGIN, 1.5)]


def predict(corpus: Path, out: Path) -> None:
    policy = Policy.load(check=True, pick=True, pick_samples=8)
    pairs = {"ship": (policy.pick, policy.pick_also),
             "f60": (CostCheck(W / "costmodel-forms-amd.pt", blend=[S / "F60-forms-export.pt"]),
                     CostCheck(W / "costmodel-forms-tuned-amd.pt", blend=[S / "F60-tuned-export.pt"]))}
    rows = []
    entries = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
    for n, e in enumerate(entries, 1):
        try:
            lp = LoadedProgram.of(load(corpus / e["file"]))
            options = policy.pick_candidates(lp, policy._check(lp, policy.episode(lp, _argmax)))
        except PolyrlError as err:
            print(f"{e['id']}: skipped ({err})", flush=True)
            continue
        opts = [(s, nest) for s, nest, _ in options]
        preds = {name: [policy._predicted(c, lp, opts).tolist() for c in pair] for name, pair in pairs.items()}
        rows.append({"id": e["id"], "schedules": [str(s) for s, _, _ in options],
                     "kinds": [k for _, _, k in options], "predicted": preds})
        if n % 20 == 0:
            print(f"{n}/{len(entries)} programs", flush=True)
    out.write_text(json.dumps(rows))


def choose(row: dict, models: str, samples: int, margin: float) -> str:
    keep = [j for j, k in enumerate(row["kinds"]) if k != "sample"]
    keep += [j for j, k in enumerate(row["kinds"]) if k == "sample"][:samples]
    if len(keep) == 1:
        return row["schedules"][0]
    predicted = [np.array(p)[keep] for m in models.split("+") for p in row["predicted"][m]]
    best, gain = pick_choice(predicted)
    return row["schedules"][keep[best]] if best > 0 and gain >= margin else row["schedules"][0]


def report(sets: list[tuple[Path, str, Path]]) -> None:
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
    for plan, store, corpus in sets:
        rows = json.loads(plan.read_text())
        samples, _ = read_store(store)
        ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda _: None).items()}
        seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
        chosen = {r: {row["id"]: choose(row, *r) for row in rows} for r in RULES}
        full = [row["id"] for row in rows if (row["id"], "") in seconds
                and all((row["id"], chosen[r][row["id"]]) in seconds for r in RULES)]
        base = chosen[("ship", 0, PICK_MARGIN)]
        oracle: dict[str, float] = {}
        for (p, _), t in seconds.items():
            oracle[p] = min(t, oracle.get(p, t))
        print(f"== {plan.name}: {len(rows)} programs, {len(full)} with the original and every rule's choice labelled; "
              f"the best labelled schedule {gm([seconds[(p, '')] / oracle[p] for p in full]):.3f}x")
        print(f"  {'rule':30s} {'geomean':>8s} {'vs ship':>8s} {'faster':>6s} {'slower':>6s} {'changed':>7s} {'worst':>6s}")
        for r in RULES:
            sp = [seconds[(p, '')] / seconds[(p, chosen[r][p])] for p in full]
            rel = [seconds[(p, base[p])] / seconds[(p, chosen[r][p])] for p in full]
            name = f"{r[0]}/samples={r[1]}/margin={r[2]}"
            print(f"  {name:30s} {gm(sp):7.3f}x {gm(rel):7.3f}x {sum(x > 1.05 for x in rel):6d} "
                  f"{sum(x < 1 / 1.05 for x in rel):6d} {sum(chosen[r][p] != base[p] for p in full):7d} "
                  f"{min(rel):6.3f}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "predict":
        predict(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        args = sys.argv[2:]
        report([(Path(args[i]), args[i + 1], Path(args[i + 2])) for i in range(0, len(args), 3)])
