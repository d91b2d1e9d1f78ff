"""Session 59: the macro pick replayed on labelled programs, every variant of its rule at once (nothing timed).

Seeds 243, 245, 247 and 249 were labelled with session 58's pick_schedules.py: for every program, the checked
schedule, the macro pick's candidates and the first 8 distinct policy samples (`Policy.pick_candidates` with
pick_samples=8). A pick that keeps the shipped policy, check and form check and changes only its models, margin or
number of samples (the first K of those 8) chooses among labelled schedules, so its outcome on the labels is exact,
not predicted. Step `predict` runs the shipped pipeline to the pick and stores every candidate with each model's
predicted time; step `report` applies the rules and scores them on the labels.

Models: `ship` = the shipped pair (F52 blended with F56, as this Zen 5 asks them), `f59` = F52 blended with F59
(train59.sh), `f59a` = F59 alone. A rule is MODELS/samples=K/margin=M: the candidate of least mean log predicted time
(over the pair) among the checked schedule, the macro schedules and K samples, taken only where each model of the
pair predicts it at least M times faster than the checked schedule (`Policy._macro_pick`). MODELS may join pairs with
`+` (session 60's pick_replay60.py: `ship+f60` asks all four models); session 60 calls predict and report with its
own pairs and rules.
  .venv/bin/python reports/session59/pick_replay.py predict CORPUS OUT.json
  .venv/bin/python reports/session59/pick_replay.py report OUT.json STORE CORPUS [OUT.json STORE CORPUS ...]"""
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import PICK_MARGIN, CostCheck, _argmax, pick_choice

S = Path("/work/runs/s59")
W = Path("polyrl/model/weights")


RULES = [(m, k, g) for m in ("ship", "f59", "f59a") for k in (0, 2, 4, 8) for g in (1.0, 1.1, PICK_MARGIN, 1.5, 2.0)]


def pairs59(policy: Policy) -> dict[str, tuple[CostCheck, CostCheck]]:
    """The model pairs this session weighs: the shipped pick's, F52 blended with F59, F59 alone."""
    return {"ship": (policy.pick, policy.pick_also),
            "f59": (CostCheck(W / "costmodel-forms-amd.pt", blend=[S / "F59-forms-export.pt"]),
                    CostCheck(W / "costmodel-forms-tuned-amd.pt", blend=[S / "F59-tuned-export.pt"])),
            "f59a": (CostCheck(S / "F59-forms-export.pt"), CostCheck(S / "F59-tuned-export.pt"))}


def predict(corpus: Path, out: Path, pairs_of: Callable[[Policy], dict] = pairs59) -> None:
    policy = Policy.load(check=True, pick=True, pick_samples=8)
    pairs = pairs_of(policy)
    rows = []
    entries = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines() if line.strip()]
    for n, e in enumerate(entries, 1):
        try:
            lp = LoadedProgram.of(load(corpus / e["file"]))
            checked = policy._check(lp, policy.episode(lp, _argmax))
            options = policy.pick_candidates(lp, checked)
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
    best, gain = pick_choice([np.array(p)[keep] for m in models.split("+") for p in row["predicted"][m]])
    return row["schedules"][keep[best]] if best > 0 and gain >= margin else row["schedules"][0]


def report(sets: list[tuple[Path, str, Path]], rules: list[tuple[str, int, float]] = RULES, worst: bool = False) -> None:
    """Each rule's geomean over the original and against the shipped pick per set; `worst`: also the rule's worst
    program against the shipped pick."""
    names = {r: f"{r[0]}/samples={r[1]}/margin={r[2]}" for r in rules}
    width = max(map(len, names.values()))
    for plan, store, corpus in sets:
        rows = json.loads(plan.read_text())
        samples, machine = read_store(store)
        ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda _: None).items()}
        seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
        chosen = {r: {row["id"]: choose(row, *r) for row in rows} for r in rules}
        full = [row["id"] for row in rows if (row["id"], "") in seconds
                and all((row["id"], chosen[r][row["id"]]) in seconds for r in rules)]
        base = chosen[("ship", 0, PICK_MARGIN)]
        oracle: dict[str, float] = {}
        for (p, _), t in seconds.items():
            oracle[p] = min(t, oracle.get(p, t))
        gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
        print(f"== {plan.name}: {len(rows)} programs, {len(full)} with the original and every rule's choice labelled; "
              f"the best labelled schedule {gm([seconds[(p, '')] / oracle[p] for p in full]):.3f}x")
        print(f"  {'rule':{width}s} {'geomean':>8s} {'vs ship':>8s} {'faster':>6s} {'slower':>6s} {'changed':>7s}"
              + (f" {'worst':>6s}" if worst else ""))
        for r in rules:
            sp = [seconds[(p, '')] / seconds[(p, chosen[r][p])] for p in full]
            rel = [seconds[(p, base[p])] / seconds[(p, chosen[r][p])] for p in full]
            print(f"  {names[r]:{width}s} {gm(sp):7.3f}x {gm(rel):7.3f}x {sum(x > 1.05 for x in rel):6d} "
                  f"{sum(x < 1 / 1.05 for x in rel):6d} {sum(chosen[r][p] != base[p] for p in full):7d}"
                  + (f" {min(rel):6.3f}" if worst else ""), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "predict":
        predict(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        args = sys.argv[2:]
        report([(Path(args[i]), args[i + 1], Path(args[i + 2])) for i in range(0, len(args), 3)])
