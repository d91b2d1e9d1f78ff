"""Session 70: decide70b's stacked macro pick (S70), fitted on replay rows of training seeds and scored on held-out
ones, from the rows and the label shards alone (nothing run or timed).

  .venv/bin/python reports/session70/stack70.py --train ROWS... --train-shards SHARD... --test ROWS... --test-shards SHARD...

Per program, the pick's candidates and the two pick models' predictions come from replay70's `pred` records
(pick70.pick_entries, variant F67). Features per candidate: the two models' log predicted times relative to the
checked schedule's, the same multiplied by the program's centred log predicted original time, an indicator of the
checked schedule, and one indicator per action kind in the candidate's text. A linear score, fitted to minimise the
expected log slowdown of its softmax choice against the program's best labelled candidate (L2 1e-2, 300 Adam steps,
lr 0.05, full batch); the pick takes the candidate of highest score. Scored per set against the shipped final
schedule, as replay67.compare does (programs where either side is unlabelled are left out and counted)."""
import argparse
import math
import re
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
import final_replay  # noqa: E402
import pick70  # noqa: E402

KINDS = ("A", "T", "I", "P", "V", "J", "K", "S")


def kinds(text: str) -> list[float]:
    found = {m[0] for m in re.findall(r"([A-Z]+)\d?\(", text)}
    return [1.0 if k in found else 0.0 for k in KINDS]


def features(p, centre: float) -> torch.Tensor:
    lo = sum(math.log(x[-1]) for x in p["preds"]) / len(p["preds"]) - centre
    rows = []
    for k, text in enumerate(p["texts"]):
        d = [math.log(x[k]) - math.log(x[0]) for x in p["preds"]]
        rows.append(d + [di * lo for di in d] + [1.0 if k == 0 else 0.0] + kinds(text))
    return torch.tensor(rows, dtype=torch.float64)


def fit(train, centre: float) -> torch.Tensor:
    data = []
    for p in train:
        if p["texts"] is None or len(p["texts"]) < 2:
            continue
        keep = [k for k, x in enumerate(p["texts"]) if x in p["t"]]
        if len(keep) < 2:
            continue
        f = features(p, centre)[keep]
        logt = torch.tensor([math.log(p["t"][p["texts"][k]]) for k in keep], dtype=torch.float64)
        data.append((f, logt - logt.min()))
    w = torch.zeros(data[0][0].shape[1], dtype=torch.float64)
    w[0] = w[1] = -0.5
    w.requires_grad_(True)
    opt = torch.optim.Adam([w], lr=0.05)
    for step in range(300):
        opt.zero_grad()
        loss = sum((torch.softmax(f @ w, 0) * slow).sum() for f, slow in data) / len(data) + 1e-2 * (w * w).sum()
        loss.backward()
        opt.step()
        if step % 100 == 0 or step == 299:
            print(f"step {step}: loss {loss.item():.4f} over {len(data)} programs")
    return w.detach()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--train-shards", nargs="+", required=True)
    ap.add_argument("--test", nargs="+", required=True)
    ap.add_argument("--test-shards", nargs="+", required=True)
    ap.add_argument("--guard", type=float, default=0.0,
                    help="take the scorer's choice only where each pick model predicts it at least this much faster "
                         "than the checked schedule (0: always)")
    a = ap.parse_args()
    train = pick70.programs(a.train, a.train_shards)
    logs = [sum(math.log(x[-1]) for x in p["preds"]) / len(p["preds"]) for p in train if p["preds"]]
    centre = sum(logs) / len(logs)
    w = fit(train, centre)
    names = ["d_forms", "d_tuned", "d_forms*lo", "d_tuned*lo", "checked", *KINDS]
    print("weights: " + ", ".join(f"{n} {x:+.3f}" for n, x in zip(names, w.tolist(), strict=True)))
    test = pick70.programs(a.test, a.test_shards)
    print(f"{'set':46s} {'n':>4s} {'miss':>4s} {'F67':>7s} {'S70':>7s} {'ratio':>6s} {'<.95':>9s} {'diff':>4s}")
    ratios, low = [], [0, 0]
    for s in [*sorted({p['set'] for p in test}), None]:
        both, miss, diff = [], 0, 0
        for p in test:
            if s is not None and p["set"] != s:
                continue
            t = p["t"]
            shipped = t.get(p["final"]) if p["final"] else t[""]
            mine = shipped
            if p["texts"] is not None and len(p["texts"]) > 1:
                k = int(torch.argmax(features(p, centre) @ w))
                if k and min(x[0] / x[k] for x in p["preds"]) < a.guard:
                    k = 0
                mine = t.get(p["texts"][k])
                diff += p["texts"][k] != p["final"]
            if shipped is None or mine is None:
                miss += 1  # counted, left out of both sides
                continue
            both.append((t[""] / shipped, t[""] / mine))
        go, gn = final_replay.geo([x[0] for x in both]), final_replay.geo([x[1] for x in both])
        lo = [sum(x[0] < 0.95 for x in both), sum(x[1] < 0.95 for x in both)]
        if s is not None:
            ratios.append(gn / go)
        else:
            low = lo
        print(f"{(s or 'all')[:46]:46s} {len(both):4d} {miss:4d} {go:6.3f}x {gn:6.3f}x {gn / go:6.3f} "
              f"{lo[0]:4d}/{lo[1]:<4d} {diff:4d}")
    print(f"product of the set ratios {math.prod(ratios):.4f}, lowest {min(ratios):.3f}; below 0.95x "
          f"{low[0]} -> {low[1]}")


if __name__ == "__main__":
    main()
