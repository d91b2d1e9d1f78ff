"""Session 61: can a small learned layer over the pick models' predictions choose better than the pick's rule?
Nothing is timed; every figure is exact on labels.

Sessions 59-60 stored, for seven labelled seeds, every candidate the one-shot pipeline weighs (the checked schedule,
the macro pick's candidates, the first 8 policy samples) with each pick model's predicted time (pick_replay.py
predict), and the seeds' labels hold the measured times of nearly all of them. The shipped rule takes the candidate
of least mean log predicted time where both models predict it at least 1.25x faster than the checked schedule. Its
failures have a shape (sessions 59-60): the models over-predict certain kinds (policy samples that parallelize inner
loops, affine-blis over a checked Pluto form), so a per-kind calibration of their predictions might rank better.

The stacker: ridge regression of the measured log gain over the checked schedule on, per kind of candidate, its
indicator and the two models' predicted log gains, plus the schedule's action counts against the checked one's and the
checked schedule's predicted time (a size proxy). It is trained leave-one-seed-out: each seed is scored by a stacker
that never saw it. It chooses the candidate of greatest predicted gain when that gain exceeds tau (a lower bound:
prediction minus z times its kind's residual deviation on the training seeds).
  .venv/bin/python reports/session61/stack_replay.py > reports/session61/stack-replay.txt"""
import json
import math
import re
import sys
from pathlib import Path

import numpy as np

from polyrl.model.costmodel import index_corpus, read_manifest, read_store
from polyrl.search.policy import PICK_MARGIN

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session59"))
from pick_replay import choose  # noqa: E402

R = Path("/work/runs")
SETS = [("243", R / "s59/pick243.json", R / "s58/labels243.sqlite", R / "s58/g243"),
        ("245", R / "s59/pick245.json", R / "s58/labels245.sqlite", R / "s58/g245"),
        ("247", R / "s59/pick247.json", R / "s58/labels247.sqlite", R / "s58/g247"),
        ("249", R / "s59/pick249.json", R / "s59/labels249.sqlite", R / "s59/g249"),
        ("251a", R / "s60/pick251a.json", R / "s60/labels251a.sqlite", R / "s60/g251a"),
        ("251b", R / "s60/pick251b.json", R / "s60/labels251b.sqlite", R / "s60/g251b"),
        ("257", R / "s60/pick257.json", R / "s60/labels257.sqlite", R / "s60/g257")]
KINDS = ["", "blis-large", "blis-medium", "blis-small", "tile-nopack", "order-parallel-vector", "affine-tile",
         "affine-blis", "sample"]
ACTIONS = ["P", "T2", "T3", "I", "J", "J2", "V", "K", "KT", "S", "U", "R", "E"]


def counts(schedule: str) -> np.ndarray:
    c = np.array([len(re.findall(rf"B\d+:{a}\(", schedule)) for a in ACTIONS], dtype=float)
    inner_p = len(re.findall(r"B\d+:P\([1-9]", schedule))
    fusion = [len(re.findall(rf"B0:A\({k}\)", schedule)) for k in range(3)]
    return np.concatenate([c, [inner_p], fusion])


def features(row: dict) -> np.ndarray:
    """One row per candidate: per-kind indicator and predicted log gains, action counts against the checked one's,
    and the checked schedule's predicted log time."""
    f, t = (np.log(np.asarray(p)) for p in row["predicted"]["ship"])
    g1, g2 = f[0] - f, t[0] - t
    base = counts(row["schedules"][0])
    size = (f[0] + t[0]) / 2 + 7.0
    out = []
    for j, kind in enumerate(row["kinds"]):
        onehot = np.zeros(len(KINDS))
        onehot[KINDS.index(kind)] = 1.0
        out.append(np.concatenate([onehot, onehot * g1[j], onehot * g2[j], onehot * size,
                                   counts(row["schedules"][j]) - base, [g1[j] * g2[j], min(g1[j], g2[j])]]))
    return np.array(out)


def load(name: str, plan: Path, store: Path, corpus: Path) -> list[dict]:
    rows = json.loads(plan.read_text())
    samples, _ = read_store(store)
    ids = {h: e.id for h, e in index_corpus(read_manifest(corpus), {}, 1, lambda _: None).items()}
    seconds = {(ids.get(s.program), s.schedule): s.seconds for s in samples}
    progs = []
    for row in rows:
        times = [seconds.get((row["id"], s)) for s in row["schedules"]]
        orig = seconds.get((row["id"], ""))
        if times[0] is None or orig is None:
            continue
        progs.append({"set": name, "id": row["id"], "row": row, "x": features(row), "orig": orig,
                      "times": np.array([np.nan if t is None else t for t in times])})
    return progs


def fit(progs: list[dict], lam: float) -> tuple[np.ndarray, dict]:
    xs, ys, ks = [], [], []
    for p in progs:
        ok = ~np.isnan(p["times"])
        xs.append(p["x"][ok])
        ys.append(np.log(p["times"][0]) - np.log(p["times"][ok]))
        ks += [k for k, o in zip(p["row"]["kinds"], ok, strict=True) if o]
    x, y = np.vstack(xs), np.concatenate(ys)
    w = np.linalg.solve(x.T @ x + lam * np.eye(x.shape[1]), x.T @ y)
    res = y - x @ w
    ks = np.array(ks)
    sd = {k: float(np.sqrt(np.mean(res[ks == k] ** 2))) if np.any(ks == k) else 1.0 for k in KINDS}
    return w, sd


def ship_choice(row: dict, margin: float = PICK_MARGIN) -> int:
    """The index of session 59's replayed pick (the shipped models, no samples) among the row's candidates."""
    return row["schedules"].index(choose(row, "ship", 0, margin))


def stack_choice(p: dict, w: np.ndarray, sd: dict, tau: float, z: float, samples: bool) -> int:
    g = p["x"] @ w - z * np.array([sd[k] for k in p["row"]["kinds"]])
    allowed = np.array([samples or k != "sample" for k in p["row"]["kinds"]])
    g[~allowed] = -np.inf
    g[0] = 0.0
    j = int(np.argmax(g))
    return j if g[j] > tau else 0


def main() -> None:
    data = {name: load(name, *paths) for name, *paths in SETS}
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
    rules = [("ship margin 1.25", None), ("ship margin 1.0", None)]
    rules += [(f"stack lam={lam} z={z} tau={tau} samples={s}", (lam, z, tau, s))
              for lam in (10.0, 100.0) for z in (0.0, 0.5, 1.0) for tau in (0.0, 0.1) for s in (False, True)]
    totals: dict[str, list[float]] = {r: [] for r, _ in rules}
    worst: dict[str, float] = {r: 9.0 for r, _ in rules}
    print("per held-out seed: geomean of the rule's choice over the original (programs whose choice is labelled), "
          "its geomean against the shipped rule, programs >5% slower than the shipped rule, the worst program")
    for name in data:
        train = [p for other, ps in data.items() if other != name for p in ps]
        fits = {}
        test = data[name]
        best = gm([p["orig"] / np.nanmin(p["times"]) for p in test])
        print(f"== seed {name}: {len(test)} programs; the best labelled candidate {best:.3f}x")
        for r, params in rules:
            if params is None:
                choice = [ship_choice(p["row"], 1.25 if "1.25" in r else 1.0) for p in test]
            else:
                lam, z, tau, s = params
                if (lam,) not in fits:
                    fits[(lam,)] = fit(train, lam)
                w, sd = fits[(lam,)]
                choice = [stack_choice(p, w, sd, tau, z, s) for p in test]
            ship = [ship_choice(p["row"]) for p in test]
            ok = [i for i, p in enumerate(test) if not np.isnan(p["times"][choice[i]])
                  and not np.isnan(p["times"][ship[i]])]
            sp = [test[i]["orig"] / test[i]["times"][choice[i]] for i in ok]
            rel = [test[i]["times"][ship[i]] / test[i]["times"][choice[i]] for i in ok]
            totals[r] += rel
            worst[r] = min(worst[r], min(rel))
            print(f"  {r:45s} {gm(sp):6.3f}x  vs ship {gm(rel):6.3f}  slower {sum(x < 1 / 1.05 for x in rel):3d}  "
                  f"worst {min(rel):5.3f}  unlabelled {len(test) - len(ok)}", flush=True)
    print("== all seeds, each by a stacker that never saw it")
    for r, _ in rules:
        print(f"  {r:45s} vs ship {gm(totals[r]):6.3f} over {len(totals[r])} programs, worst {worst[r]:5.3f}")


if __name__ == "__main__":
    sys.exit(main())
