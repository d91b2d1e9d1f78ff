"""Session 27: does trusting the Pluto form (F) need a size condition? For each held-out
program (scripts/heldout.py's choice: the first COUNT with a size estimate of 10-300 ms),
the candidates a size-aware rule could pick between, with the shipped cost model's
predicted times, written for one `polyrl measure` run:

- `shipped`: the shipped policy's greedy schedule with the shipped check (what optimize does);
- `form`: the program's Pluto form alone (the F action's schedule);
- `nonf`: the greedy episode with F disallowed, then the check's usual pick among it, its
  one-shorter variants and the original (no form fallback);
- the original ("").

    python reports/session27/form_size.py CORPUS OUT [--count 60]

writes OUT.txt (`id: schedule` lines for polyrl measure) and OUT.json (per program: the
candidates, their predicted seconds, whether the shipped schedule is a form, memory_bytes
from the manifest). `rules.py` evaluates rules on them once measured."""
import argparse
import json
from pathlib import Path

import numpy as np
import torch

from common import chosen

from polyrl.api import load
from polyrl.model.backbone import torch_threads
from polyrl.rl.actions import FORM
from polyrl.rl.state import LoadedProgram
from polyrl.search.policy import CostCheck, Policy, _argmax, _the_form


def no_form(logits: torch.Tensor, allowed: np.ndarray) -> int:
    allowed = allowed.copy()
    allowed[FORM] = False
    return _argmax(logits, allowed)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--max-mib", type=float, default=0,
                    help="take the first COUNT programs whose arrays take at most this many MiB and whose "
                    "estimate is at least 2 ms instead (0: heldout.py's choice)")
    ap.add_argument("--min-time-steps", type=int, default=0,
                    help="with --max-mib: only programs with a time loop of at least this many steps")
    args = ap.parse_args()
    policy = Policy.load(check=True)
    rows, lines = [], set()
    for entry in chosen(args.corpus, args.count, args.max_mib, args.min_time_steps):
        lp = LoadedProgram.of(load(Path(args.corpus) / entry["file"]))
        shipped = policy.greedy(lp)
        form = policy.episode(lp, _the_form)
        own = policy.episode(lp, no_form)
        options = CostCheck.options(lp.program.model, own.schedule, own.nest)
        cands = {"": lp.program.model.original}
        for s, nest in [(shipped.schedule, shipped.nest), (form.schedule, form.nest), *options]:
            cands.setdefault(str(s), nest)
        with torch_threads(1):
            times = policy.check.predict([policy.graphs.graph(lp, s, n) for s, n in cands.items()])
        pred = dict(zip(cands, map(float, times)))
        nonf = min((str(s) for s, _ in options), key=lambda s: (pred[s], s != str(own.schedule)))
        row = {"id": entry["id"], "memory_bytes": entry["memory_bytes"], "shipped": shipped.text,
               "whole": shipped.whole, "form_instead": shipped.form_instead, "form": form.text,
               "nonf": nonf, "pred": pred}
        rows.append(row)
        for s in (shipped.text, form.text, nonf):
            if s:
                lines.add(f"{entry['id']}: {s}")
        print(f"{entry['id']} {entry['memory_bytes'] / 2**20:7.2f} MiB whole={int(shipped.whole)} "
              f"shipped={shipped.text[:50]!r} nonf={nonf[:50]!r}", flush=True)
    Path(args.out + ".json").write_text(json.dumps(rows, indent=0))
    Path(args.out + ".txt").write_text("".join(sorted(x + "\n" for x in lines)))
    print(f"{len(rows)} programs, {len(lines)} schedules -> {args.out}.txt")


if __name__ == "__main__":
    main()
