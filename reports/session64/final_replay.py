"""Session 64: the one-shot pipeline's final schedule against the original loops, replayed on labelled programs.

  .venv/bin/python reports/session64/final_replay.py predict SHARD [SHARD ...] --out OUT.jsonl
  .venv/bin/python reports/session64/final_replay.py report OUT.jsonl [OUT.jsonl ...]

`predict`: for every program of the label shards (its source is in the shard), the pipeline as shipped before
this session (Policy.greedy's episode, check and macro pick, as `polyrl optimize` ran them), with program graphs built for
the caches of the machine that measured the shard (read from its machine key), then each cost model's predicted
time of the final schedule and of the original loops, and the measured median times of both where the shard
has them (session 58-63's labelling measured the pipeline's candidates, so the final schedule is usually there).
Resumes: programs already in OUT are skipped. Nothing is timed.

`report`: rules that keep the original loops where the models' predicted gain of the final schedule is too
small, scored on the measured times (geometric mean speedup over the original, programs below 0.95x)."""
import argparse
import gzip
import json
import math
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyarrow.parquet as pq

MODELS = ("check", "forms", "forms_also")  # pick / pick_also are the same objects as forms / forms_also


def caches_of(machine: str) -> str:
    m = re.search(r"L1d (\d+K) L2 (\d+K) L3 (\d+K)", machine)
    if not m:
        raise SystemExit(f"no caches in the machine key {machine!r}")
    return f"L1={m.group(1)},L2={m.group(2)},L3={m.group(3)}"


def programs(shard: Path):
    t = pq.read_table(shard, columns=["program", "source", "schedule", "machine", "status", "verified", "times"])
    by: dict[str, dict] = {}
    for r in t.to_pylist():
        p = by.setdefault(r["program"], {"source": None, "machine": r["machine"], "times": {}})
        if r["source"]:
            p["source"] = r["source"]
        if r["status"] == "ok" and r["verified"] and r["times"]:
            p["times"][r["schedule"]] = statistics.median(r["times"])
    return by


def predict(a) -> None:
    from polyrl.api import load
    from polyrl.errors import PolyrlError
    from polyrl.machine import parse_caches
    from polyrl.poly.schedule import Schedule
    from polyrl.rl.state import GraphCache, LoadedProgram
    from polyrl.search import Policy
    from polyrl.search.policy import _argmax

    out = Path(a.out)
    done = {json.loads(line)["program"] for line in out.read_text().splitlines()} if out.is_file() else set()
    policy = Policy.load(None, check=True, pick=True)
    graphs: dict[str, GraphCache] = {}
    with open(out, "a") as f, tempfile.TemporaryDirectory() as tmp:
        for shard in a.shards:
            progs = programs(Path(shard))
            for n, (h, p) in enumerate(sorted(progs.items()), 1):
                if h in done or p["source"] is None or "" not in p["times"]:
                    continue
                spec = caches_of(p["machine"])
                policy.graphs = graphs.setdefault(spec, GraphCache(caches=parse_caches(spec)))
                path = Path(tmp) / f"p{h[:12]}.c"
                path.write_text(p["source"])
                t0 = time.perf_counter()
                try:
                    lp = LoadedProgram.of(load(path))
                    # the pipeline up to the macro pick: its final schedule, whose weighing against the
                    # original `report` replays
                    final = policy._macro_pick(lp, policy._check(lp, policy.episode(lp, _argmax)))
                except PolyrlError as e:
                    print(f"{shard} {h[:12]}: {e}", file=sys.stderr)
                    continue
                row = {"shard": Path(shard).name, "program": h, "machine": p["machine"], "final": final.text,
                       "macro": final.macro, "whole": final.whole, "form_instead": final.form_instead,
                       "seconds": time.perf_counter() - t0, "t_orig": p["times"][""],
                       "t_final": p["times"].get(final.text), "pred": {}}
                if final.schedule.actions:
                    pair = [(final.schedule, final.nest), (Schedule(), lp.program.model.original)]
                    for name in MODELS:
                        cost = getattr(policy, name)
                        if cost is not None:
                            tf, to = policy._predicted(cost, lp, pair)
                            row["pred"][name] = float(to / tf)
                f.write(json.dumps(row) + "\n")
                f.flush()
                print(f"{Path(shard).name[:40]} {n}/{len(progs)} {row['seconds']:.1f}s "
                      f"{'none' if not final.text else 'measured' if row['t_final'] else 'NOT LABELLED'}", flush=True)
        policy.graphs = GraphCache()


def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


RULES = {
    "shipped": lambda g: True,
    "pick-mean>=1": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 1.0,
    "pick-mean>=0.8": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 0.8,
    "pick-mean>=0.9": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 0.9,
    "pick-mean>=0.95": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 0.95,
    "pick-mean>=1.05": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 1.05,
    "pick-mean>=1.1": lambda g: math.sqrt(g["forms"] * g["forms_also"]) >= 1.1,
    "pick-either>=1": lambda g: max(g["forms"], g["forms_also"]) >= 1.0,
    "pick-both>=1": lambda g: min(g["forms"], g["forms_also"]) >= 1.0,
    "all3-mean>=1": lambda g: (g["check"] * g["forms"] * g["forms_also"]) ** (1 / 3) >= 1.0,
    "all3-mean>=1.1": lambda g: (g["check"] * g["forms"] * g["forms_also"]) ** (1 / 3) >= 1.1,
    "check>=1&pick-mean>=1": lambda g: g["check"] >= 1.0 and math.sqrt(g["forms"] * g["forms_also"]) >= 1.0,
    "2of3>=1": lambda g: sum(g[m] >= 1.0 for m in MODELS) >= 2,
}


def read_rows(paths) -> list[dict]:
    """The rows of `predict`'s outputs (OUT.jsonl, or gzipped OUT.jsonl.gz as committed)."""
    def text(p: str) -> str:
        return gzip.decompress(Path(p).read_bytes()).decode() if p.endswith(".gz") else Path(p).read_text()
    return [json.loads(line) for p in paths for line in text(p).splitlines() if line.strip()]


def report(a) -> None:
    rows = read_rows(a.outs)
    groups: dict[str, list] = {}
    for r in rows:
        groups.setdefault(r["shard"], []).append(r)
    missing = sum(1 for r in rows if r["final"] and r["t_final"] is None)
    print(f"{len(rows)} programs; final schedule not labelled on {missing} (left out below)")
    header = f"{'rule':24s}" + "".join(f" {k[:22]:>24s}" for k in groups) + f" {'all':>24s}"
    print(header)
    for name, keep in RULES.items():
        cells = []
        for rs in [*groups.values(), rows]:
            sp, changed = [], 0
            for r in rs:
                if r["final"] and r["t_final"] is None:
                    continue
                s = r["t_orig"] / r["t_final"] if r["final"] else 1.0
                if r["final"] and not keep(r["pred"]):
                    s, changed = 1.0, changed + 1
                sp.append(s)
            low = sum(1 for s in sp if s < 0.95)
            cells.append(f"{geo(sp):6.3f}x <.95:{low:3d} k{changed:3d}")
        print(f"{name:24s}" + "".join(f" {c:>24s}" for c in cells))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p2 = sub.add_parser("report")
    p2.add_argument("outs", nargs="+")
    args = ap.parse_args()
    predict(args) if args.cmd == "predict" else report(args)
