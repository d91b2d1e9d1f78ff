"""Session 79: the models read node-feature columns they were never taught as values a thousand standard deviations
out (their input scaling's floor, 1e-3, divides a column that was constant in the data that set it). Here such a
column (the scaling's standard deviation at the floor, and constant over a reference set of training graphs) is read
at its training value instead; this script measures what that changes, timing nothing.
  .venv/bin/python reports/session79/unseen79.py polybench MEDIUM|LARGE     # the pipeline's output, both ways
  .venv/bin/python reports/session79/unseen79.py heldout CORPUS=SHARD ...   # decide79.md's replay
  EXTRA=/work/runs/s79/g336-pick-ways.txt .venv/bin/python reports/session79/unseen79.py heldout /work/runs/s79/g336
"Both ways" toggles the backbones' `x_seen` (polyrl.model.backbone): all columns read, as every model read them
before session 79, or the unseen ones at their mean."""
import gc
import math
import statistics
import sys
from pathlib import Path

import torch

from polyrl.errors import PolyrlError
from polyrl.model import backbone as bb


def backbones() -> list:
    """Every GraphBackbone alive: the pipeline's networks (the policy, its members, the check's and pick's models)."""
    return [m for m in gc.get_objects() if isinstance(m, bb.GraphBackbone)]


def both(policy, program) -> list:
    """The pipeline's inference with every column read (as shipped before) and with the unseen ones at their mean."""
    nets = backbones()
    seen = [m.x_seen.clone() for m in nets]
    out = []
    for masked in (False, True):
        for m, s in zip(nets, seen, strict=True):
            m.x_seen.copy_(s if masked else torch.ones_like(s))
        policy._memo.clear()  # the policy's logits are remembered per program: each way computes its own
        out.append(policy.greedy(program))
    return out


def polybench(size: str) -> None:
    import polyrl.bench.suite as su
    from polyrl.search import Policy

    policy = Policy.load(check=True, pick=True)
    for k in su.discover(su.datasets_root() / "polybench"):
        a, b = both(policy, k.load(size))
        same = "same   " if a.schedule == b.schedule else "CHANGED"
        print(f"{k.name:16s} {same} shipped `{a.schedule}` ({a.predicted_gain:.2f}) | masked `{b.schedule}` "
              f"({b.predicted_gain:.2f})", flush=True)


def labelled(shard: str) -> dict[str, dict[str, float]]:
    """source text -> schedule -> median of its verified times (a shard writes a program's text on one of its rows
    only: the others name it by its hash)"""
    import pyarrow.parquet as pq

    rows = pq.read_table(shard, columns=["program", "source", "schedule", "verified", "times"]).to_pylist()
    text = {r["program"]: r["source"] for r in rows if r["source"]}
    out: dict[str, dict[str, float]] = {}
    for row in rows:
        if row["verified"] and row["times"] and row["program"] in text:
            out.setdefault(text[row["program"]], {})[row["schedule"]] = statistics.median(row["times"])
    return out


def heldout(pairs: list[str]) -> None:
    """decide79.md's replay: CORPUS=SHARD pairs (CORPUS alone: no labels yet); the pipeline both ways on every program
    of each corpus. EXTRA=FILE appends the two schedules of every program that changes, as `prog_id: schedule`
    lines (label72train.sh measures every $c-pick*.txt)."""
    import os

    extra = os.environ.get("EXTRA")
    from polyrl.api import load
    from polyrl.search import Policy

    policy = Policy.load(check=True, pick=True)
    n = changed = 0
    ratios = []
    for pair in pairs:
        corpus, _, shard = pair.partition("=")
        times = labelled(shard) if shard else {}
        for c in sorted(Path(corpus).glob("prog_*.c")):
            try:
                program = load(c)
                a, b = both(policy, program)
            except PolyrlError as e:
                print(f"{c.name}: skipped: {e}", flush=True)
                continue
            n += 1
            if a.schedule == b.schedule:
                continue
            changed += 1
            if extra is not None:  # both ways' schedules, to be measured with the corpus's other candidates
                with open(extra, "a") as f:
                    # the original loops (an empty schedule) are every program's baseline: not listed
                    f.write("".join(f"{c.stem}: {inf.schedule}\n" for inf in (a, b) if str(inf.schedule)))
            t = times.get(c.read_text(), {})
            ta, tb = t.get(str(a.schedule)), t.get(str(b.schedule))
            if ta is not None and tb is not None:
                ratios.append(ta / tb)
            print(f"{corpus} {c.name} CHANGED `{a.schedule}` ({ta}) -> `{b.schedule}` ({tb})", flush=True)
    product = math.prod(ratios) if ratios else float("nan")
    print(f"{n} programs, {changed} changed ({100 * changed / max(n, 1):.1f}%); {len(ratios)} with both labelled, "
          f"product of shipped/changed times {product:.3f}")


if __name__ == "__main__":
    if sys.argv[1] == "polybench":
        polybench(sys.argv[2])
    elif sys.argv[1] == "heldout":
        heldout(sys.argv[2:])
