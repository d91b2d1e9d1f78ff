"""Session 71: a stacked macro pick that may also keep the original loops (S71), fitted on replay rows of training
seeds and scored on held-out ones, from the rows and the label shards alone (nothing run or timed).

  .venv/bin/python reports/session71/stack71.py cv --train ROWS... --train-shards SHARD...
  .venv/bin/python reports/session71/stack71.py test --train ROWS... --train-shards SHARD... --test ROWS... --test-shards SHARD...

Session 70's S70 (stack70.py) chose among the pick's candidates only, and raised the programs below 0.95x (145 to 150
on five held-out sets): the pipeline's losers are where the pick's candidates all lose, or where the models rank a
loser first (session 64: 15% of transformed programs). S71 adds the original loops as one more candidate, so the
softmax objective (the expected log slowdown against the best labelled candidate, the original included) pays for
choosing a loser wherever the original is the best.

Per program, the candidates are the pick's (replay70's `pred` records, pick70.pick_entries, variant F67: the checked
schedule first) and, where the checked schedule is not the original, the original loops (the pick models' last
prediction). Features per candidate: the two models' log predicted times relative to the checked schedule's, the same
multiplied by the program's centred log predicted original time, indicators of the checked schedule and of the
original loops, and one indicator per action kind in the candidate's text. A linear score, L2 `--l2`, 300 full-batch
Adam steps at lr 0.05; the pick takes the candidate of highest score.

`cv`: leave one training set out at a time (fit on the others, score the left-out set against the shipped final
schedule), for the variants `--variants` (S70 without the original candidate; S71 with it; each at several L2
weights): this is how the recipe is chosen, on training seeds only. `test`: one recipe fitted on every training row,
scored per held-out set against the shipped final schedule (programs where either side is unlabelled are left out
and counted), with the programs below 0.95x on each side."""
import argparse
import math
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session70"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
import final_replay  # noqa: E402
import pick70  # noqa: E402
from stack70 import KINDS, kinds  # noqa: E402

NAMES = ["d_forms", "d_tuned", "d_forms*lo", "d_tuned*lo", "checked", "original", *KINDS]


def candidates(p, with_original: bool) -> list[int]:
    """Indices into the pick models' predictions (the last is the original loops): the pick's candidates, then the
    original where asked and where the checked schedule is not already it."""
    n = len(p["texts"])
    out = list(range(n))
    if with_original and p["texts"][0] != "":
        out.append(n)
    return out


def text_of(p, k: int) -> str:
    return p["texts"][k] if k < len(p["texts"]) else ""


def features(p, centre: float, idx: list[int]) -> torch.Tensor:
    lo = sum(math.log(x[-1]) for x in p["preds"]) / len(p["preds"]) - centre
    rows = []
    for k in idx:
        d = [math.log(x[k]) - math.log(x[0]) for x in p["preds"]]
        text = text_of(p, k)
        rows.append(d + [di * lo for di in d] + [1.0 if k == 0 else 0.0, 1.0 if text == "" else 0.0] + kinds(text))
    return torch.tensor(rows, dtype=torch.float64)


def usable(p) -> bool:
    return p["texts"] is not None and len(p["preds"]) == 2


def centre_of(rows) -> float:
    logs = [sum(math.log(x[-1]) for x in p["preds"]) / len(p["preds"]) for p in rows if usable(p)]
    return sum(logs) / len(logs)


def fit(train, centre: float, with_original: bool, l2: float, quiet: bool = False) -> torch.Tensor:
    data = []
    for p in train:
        if not usable(p):
            continue
        idx = [k for k in candidates(p, with_original) if text_of(p, k) in p["t"]]
        if len(idx) < 2:
            continue
        f = features(p, centre, idx)
        logt = torch.tensor([math.log(p["t"][text_of(p, k)]) for k in idx], dtype=torch.float64)
        data.append((f, logt - logt.min()))
    # padded to one batch: [programs, candidates, features], padding masked out of the softmax
    k = max(f.shape[0] for f, _ in data)
    F = torch.zeros(len(data), k, data[0][0].shape[1], dtype=torch.float64)
    S = torch.zeros(len(data), k, dtype=torch.float64)
    pad = torch.ones(len(data), k, dtype=torch.bool)
    for i, (f, slow) in enumerate(data):
        F[i, :f.shape[0]], S[i, :f.shape[0]], pad[i, :f.shape[0]] = f, slow, False
    w = torch.zeros(F.shape[2], dtype=torch.float64)
    w[0] = w[1] = -0.5
    w.requires_grad_(True)
    opt = torch.optim.Adam([w], lr=0.05)
    for step in range(300):
        opt.zero_grad()
        prob = torch.softmax((F @ w).masked_fill(pad, float("-inf")), 1)
        loss = (prob * S).sum() / len(data) + l2 * (w * w).sum()
        loss.backward()
        opt.step()
        if not quiet and (step % 100 == 0 or step == 299):
            print(f"step {step}: loss {loss.item():.4f} over {len(data)} programs")
    return w.detach()


def choose(p, centre: float, w: torch.Tensor, with_original: bool) -> str | None:
    """The scorer's schedule text for program p, or None where the pick weighed nothing (the shipped final stays)."""
    if not usable(p) or len(candidates(p, with_original)) < 2:
        return None
    idx = candidates(p, with_original)
    return text_of(p, idx[int(torch.argmax(features(p, centre, idx) @ w))])


def score(rows, centre: float, w: torch.Tensor, with_original: bool, sets=None):
    """Per set (and None: all): programs scored, unlabelled, shipped and scorer geomean, below 0.95x each side,
    changed."""
    out = {}
    for s in [*(sets or sorted({p['set'] for p in rows})), None]:
        both, miss, diff = [], 0, 0
        for p in rows:
            if s is not None and p["set"] != s:
                continue
            t = p["t"]
            shipped = t.get(p["final"]) if p["final"] else t[""]
            text = choose(p, centre, w, with_original)
            mine = shipped if text is None else t.get(text)
            diff += text is not None and text != p["final"]
            if shipped is None or mine is None:
                miss += 1
                continue
            both.append((t[""] / shipped, t[""] / mine))
        go, gn = final_replay.geo([x[0] for x in both]), final_replay.geo([x[1] for x in both])
        out[s] = (len(both), miss, go, gn, sum(x[0] < 0.95 for x in both), sum(x[1] < 0.95 for x in both), diff)
    return out


def parse_variant(v: str) -> tuple[bool, float]:
    kind, l2 = v.split("@")
    return {"S70": False, "S71": True}[kind], float(l2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("cv", "test"))
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--train-shards", nargs="+", required=True)
    ap.add_argument("--test", nargs="+")
    ap.add_argument("--test-shards", nargs="+")
    ap.add_argument("--variants", nargs="+", default=["S70@0.01", "S71@0.01", "S71@0.003", "S71@0.03", "S71@0.1"],
                    help="KIND@L2: S70 (the pick's candidates) or S71 (and the original loops)")
    ap.add_argument("--recipe", default="S71@0.01", help="test: the variant fitted on every training row")
    a = ap.parse_args()
    train = pick70.programs(a.train, a.train_shards)
    sets = sorted({p["set"] for p in train})
    if a.cmd == "cv":
        print(f"{'variant':10s} {'left out':40s} {'n':>4s} {'miss':>4s} {'F67':>7s} {'mine':>7s} {'ratio':>6s} "
              f"{'<.95':>9s} {'diff':>4s}")
        for v in a.variants:
            with_original, l2 = parse_variant(v)
            ratios, lows = [], [0, 0]
            for s in sets:
                rest = [p for p in train if p["set"] != s]
                mine = [p for p in train if p["set"] == s]
                centre = centre_of(rest)
                w = fit(rest, centre, with_original, l2, quiet=True)
                n, miss, go, gn, l0, l1, diff = score(mine, centre, w, with_original, [s])[s]
                ratios.append(gn / go)
                lows[0] += l0
                lows[1] += l1
                print(f"{v:10s} {s[:40]:40s} {n:4d} {miss:4d} {go:6.3f}x {gn:6.3f}x {gn / go:6.3f} {l0:4d}/{l1:<4d} "
                      f"{diff:4d}")
            print(f"{v:10s} product {math.prod(ratios):.4f}, lowest {min(ratios):.3f}; below 0.95x {lows[0]} -> "
                  f"{lows[1]}\n")
        return
    with_original, l2 = parse_variant(a.recipe)
    centre = centre_of(train)
    w = fit(train, centre, with_original, l2)
    print(f"recipe {a.recipe}; centre {centre:.4f}")
    print("weights: " + ", ".join(f"{n} {x:+.4f}" for n, x in zip(NAMES, w.tolist(), strict=True)))
    test = pick70.programs(a.test, a.test_shards)
    res = score(test, centre, w, with_original)
    print(f"{'set':46s} {'n':>4s} {'miss':>4s} {'F67':>7s} {'S71':>7s} {'ratio':>6s} {'<.95':>9s} {'diff':>4s}")
    ratios = []
    for s, (n, miss, go, gn, l0, l1, diff) in res.items():
        if s is not None:
            ratios.append(gn / go)
        print(f"{(s or 'all')[:46]:46s} {n:4d} {miss:4d} {go:6.3f}x {gn:6.3f}x {gn / go:6.3f} {l0:4d}/{l1:<4d} "
              f"{diff:4d}")
    n, miss, go, gn, l0, l1, diff = res[None]
    print(f"product of the set ratios {math.prod(ratios):.4f}, lowest {min(ratios):.3f}; below 0.95x {l0} -> {l1}")


if __name__ == "__main__":
    main()
