"""Session 35: the macro pick again, with the cost models of sessions 32 and 34, on programs
none of them trained on (the test split of their pretrain checkpoint).

For each test program (labelled on the given machine, found in the corpora): the shipped
one-shot schedule (`Policy.load(check=True)`, what `polyrl optimize` ships), the program's
macro plans (`polyrl.poly.macros.macro_plans`, the candidates of `Policy._macro_pick`), and
every given cost model's predicted time of each. Nothing is timed. Writes OUT/plan.json and
OUT/corpus (the programs, with their manifest lines, for `polyrl measure`).

    python reports/session35/pick_plan.py /work/runs/s34/C34-forms.pt OUT --store STORE \
        --corpus /work/runs/s32/labels-corpus --machine "model 207" --count 200 \
        --model c32=polyrl/model/weights/costmodel-forms.pt --model c34=...
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import time
from pathlib import Path

import torch

from polyrl.api import load
from polyrl.model.costmodel import index_corpus, read_manifest
from polyrl.poly.schedule import Schedule
from polyrl.rl.state import LoadedProgram
from polyrl.search import Policy
from polyrl.search.policy import CostCheck, macro_options


def _row(policy: Policy, models: dict, lp: LoadedProgram, **fields) -> dict:
    inf = policy.greedy(lp)
    options = macro_options(lp.program.model, inf.schedule, inf.nest)
    preds = {m: policy._predicted(c, lp, [(s, nest) for s, nest, _ in options]).tolist() for m, c in models.items()}
    original = (Schedule(), lp.program.model.original)
    base = {m: float(policy._predicted(c, lp, [original])[0]) for m, c in models.items()}
    return dict(fields, greedy=inf.text, whole=inf.whole, inference_s=inf.seconds,
                candidates=[{"schedule": str(s), "macro": name} for s, _, name in options],
                predicted=preds, predicted_original=base)


def polybench(args) -> int:
    from polyrl.bench.suite import discover, resolve_suite
    from polyrl.runtime import program_hash

    policy = Policy.load(check=True)
    models = {name: CostCheck(path) for name, path in (m.split("=", 1) for m in args.model)}
    _, folder = resolve_suite("polybench")
    rows = []
    for kernel in discover(folder):
        program = kernel.load(args.polybench)
        lp = LoadedProgram.of(program)
        rows.append(_row(policy, models, lp, id=kernel.name, hash=program_hash(program.scop)))
        print(kernel.name, rows[-1]["greedy"][:70], flush=True)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    (Path(args.out) / "plan.json").write_text(json.dumps(rows))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoint", help="pretrain checkpoint whose test split to take")
    ap.add_argument("out")
    ap.add_argument("--store", required=True)
    ap.add_argument("--corpus", action="append", required=True)
    ap.add_argument("--machine", required=True, help="substring of the machine key")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--model", action="append", default=[], metavar="NAME=PATH")
    ap.add_argument("--polybench", metavar="DATASET", help="the PolyBench kernels at DATASET instead (the "
                    "checkpoint, store, corpus and machine are then not read; `id` is the kernel's name and "
                    "`hash` its program hash)")
    ap.add_argument("--heldout", action="store_true", help="a held-out generated corpus instead: its first "
                    "--count programs estimated at 10-300 ms (scripts/heldout.py's choice; the checkpoint, store "
                    "and machine are then not read)")
    args = ap.parse_args()
    if args.polybench:
        return polybench(args)

    if not args.heldout:
        test = set(torch.load(args.checkpoint, map_location="cpu", weights_only=False)["split"]["test"])
        db = sqlite3.connect(f"file:{args.store}?mode=ro", uri=True)
        labelled = {p for (p,) in db.execute("SELECT DISTINCT program FROM measurements WHERE machine LIKE ? AND "
                                             "status = 'ok'", (f"%{args.machine}%",))}
    entries = {}
    for corpus in args.corpus:  # manifests of generated corpora give no hash: computed (index_corpus)
        lines = {json.loads(line)["id"]: json.loads(line)
                 for line in (Path(corpus) / "manifest.jsonl").read_text().splitlines() if line.strip()}
        tag = "" if all("hash" in e for e in lines.values()) else Path(corpus).name + "-"
        for h, ce in index_corpus(read_manifest(corpus), {}, 2, lambda _: None).items():
            e = dict(lines[ce.id], id=tag + ce.id, file=tag + lines[ce.id]["file"], hash=h)
            entries.setdefault(h, (Path(corpus), e, Path(ce.path)))
    if args.heldout:
        chosen = [h for h, (_, e, _) in sorted(entries.items(), key=lambda kv: kv[1][1]["id"])
                  if 10 <= e["estimate_ms"] <= 300][:args.count]
        print(f"held-out corpus: {len(entries)} programs, taking {len(chosen)}", flush=True)
    else:
        chosen = sorted(h for h in test & labelled if h in entries)
        random.Random(args.seed).shuffle(chosen)
        chosen = chosen[:args.count]
        print(f"test split {len(test)}, labelled on the machine {len(test & labelled)}, in the corpora "
              f"{len(test & labelled & set(entries))}; taking {len(chosen)}", flush=True)

    out = Path(args.out)
    (out / "corpus").mkdir(parents=True, exist_ok=True)
    policy = Policy.load(check=True)
    models = {name: CostCheck(path) for name, path in (m.split("=", 1) for m in args.model)}
    plan_path = out / "plan.json"
    rows = json.loads(plan_path.read_text()) if plan_path.exists() else []
    done = {r["hash"] for r in rows}
    manifest = []
    start = time.time()
    for n, h in enumerate(chosen):
        corpus, e, source = entries[h]
        target = out / "corpus" / e["file"]
        if not target.exists():
            os.link(source, target)
        manifest.append(json.dumps(e))
        if h in done:
            continue
        rows.append(_row(policy, models, LoadedProgram.of(load(target)), hash=h, id=e["id"],
                         patterns=e.get("patterns"), memory_bytes=e.get("memory_bytes")))
        if (n + 1) % 10 == 0:
            plan_path.write_text(json.dumps(rows))
            print(f"{n + 1}/{len(chosen)} programs, {time.time() - start:.0f} s", flush=True)
    plan_path.write_text(json.dumps(rows))
    (out / "corpus" / "manifest.jsonl").write_text("".join(line + "\n" for line in manifest))
    print(f"{len(rows)} programs -> {plan_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
