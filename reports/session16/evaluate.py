"""Cost models side by side on one program split: within-program Spearman, Spearman over
all samples, nDCG@1 and MAPE, on the test (and validation) programs of a pretrain
checkpoint (or a split file of split_c.py), with the graphs of its cache (built for the
missing samples when --corpus is given); the mean log time of several models as one more
row (an ensemble). Rows per part of the test set: the programs the tenth session's test
split held (`--old`), the new ones, and programs by the spread of their schedules' times
(slowest / fastest): where the schedules lie within a few percent of each other, the
ranking is measurement noise.

  python evaluate.py --split CHECKPOINT --store STORE [--corpus DIR] [--cache GRAPHS.pt] [--old C.pt]
                     NAME=MODEL.pt ... [--ensemble NAME=A,B,..]
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import torch

from polyrl.model.costmodel import (
    FEATURES_KEY,
    build_graphs,
    graph_cache_path,
    index_corpus,
    load_costmodel,
    mape,
    ndcg_at_1,
    predict_seconds,
    read_manifest,
    read_store,
    spearman,
    spearman_within,
)


def metrics(pred: np.ndarray, sec: np.ndarray, progs: list[str]) -> str:
    return (f"within {spearman_within(pred, sec, progs):.3f}  all {spearman(pred, sec):.3f}  "
            f"nDCG@1 {ndcg_at_1(pred, sec, progs):.3f}  MAPE {mape(pred, sec):.0f}%  "
            f"({len(sec)} samples, {len(set(progs))} programs)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", required=True, help="pretrain checkpoint: its split and graph cache are used")
    ap.add_argument("--store", required=True)
    ap.add_argument("--corpus", help="corpus folder: build the graphs the cache lacks (and save them)")
    ap.add_argument("--cache", help="graph cache (default: the --split checkpoint's)")
    ap.add_argument("--old", help="a pretrain checkpoint whose test programs make the `old` rows")
    ap.add_argument("--ensemble", action="append", default=[], metavar="NAME=A,B,...")
    ap.add_argument("models", nargs="+", metavar="NAME=PATH")
    args = ap.parse_args()

    split = torch.load(args.split, weights_only=False)["split"]
    cache_path = Path(args.cache) if args.cache else graph_cache_path(args.split)
    saved = torch.load(cache_path, weights_only=False) if cache_path.is_file() else {}
    cache, hashes = saved.get("graphs", {}), saved.get("hashes", {})
    samples, machine = read_store(args.store)
    if args.corpus:
        wanted = set(split["val"]) | set(split["test"])
        corpus = index_corpus(read_manifest(args.corpus), hashes, 2)
        build_graphs([s for s in samples if s.program in wanted], corpus, cache, 2)
        torch.save({"features": FEATURES_KEY, "graphs": cache, "hashes": hashes}, cache_path)
    old = set(torch.load(args.old, weights_only=False)["split"]["test"]) if args.old else set()
    preds: dict[str, dict[str, np.ndarray]] = {}
    for part in ("val", "test"):
        progs = set(split[part])
        rows = [s for s in samples if s.program in progs and (s.program, s.schedule) in cache]
        graphs = [cache[(s.program, s.schedule)] for s in rows]
        sec = np.array([s.seconds for s in rows])
        names = [s.program for s in rows]
        for spec in args.models:
            name, path = spec.split("=", 1)
            model, target = load_costmodel(path)
            preds.setdefault(name, {})[part] = np.log(predict_seconds(model, target, graphs))
        for spec in args.ensemble:
            name, members = spec.split("=", 1)
            preds.setdefault(name, {})[part] = np.mean([preds[m][part] for m in members.split(",")], axis=0)
        print(f"== {part}: {len(rows)} samples of {len(progs)} programs, machine {machine}")
        spread = {}
        for p in set(names):
            t = sec[[k for k, q in enumerate(names) if q == p]]
            spread[p] = t.max() / t.min()
        subsets = [("all", lambda p: True)]
        if part == "test" and old:
            subsets += [("old test programs", lambda p: p in old), ("new programs", lambda p: p not in old)]
        subsets += [("spread < 1.1", lambda p, sp=spread: sp[p] < 1.1), ("spread 1.1-1.5", lambda p, sp=spread: 1.1 <= sp[p] < 1.5),
                    ("spread >= 1.5", lambda p, sp=spread: sp[p] >= 1.5)]
        for label, keep in subsets:
            ix = np.array([k for k, p in enumerate(names) if keep(p)], dtype=int)
            if not len(ix):
                continue
            print(f"  {label}:")
            for name, by_part in preds.items():
                print(f"    {name:<12} {metrics(np.exp(by_part[part][ix]), sec[ix], [names[k] for k in ix])}")


if __name__ == "__main__":
    main()
