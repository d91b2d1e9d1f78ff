"""Session 28: would the one-shot policy gain from the cost model's pick among the macro
schedules? For each program of a held-out generated set: the shipped one-shot schedule
(greedy_set.py's json), the program's macro schedules (polyrl.poly.macros), and each cost
model's predicted time of each.

    python macro_pick.py plan CORPUS ONESHOT.json OUT --model NAME=PATH ...
        writes OUT.json (the candidates and predictions) and OUT.txt (the schedules, for
        `polyrl measure CORPUS --schedules OUT.txt`)
    python macro_pick.py report CORPUS STORE OUT.json [--margin M]
        the geometric-mean speedups of the one-shot schedules, of each model's pick (a macro
        only where predicted at least M times faster than the one-shot schedule), and of the
        best measured candidate
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session27"))
from common import Measured, geomean  # noqa: E402

from polyrl.api import load  # noqa: E402


def plan(args):
    from polyrl.model.costmodel import load_costmodel, predict_seconds
    from polyrl.model.features import program_graph
    from polyrl.poly.macros import macro_schedules
    from polyrl.poly.schedule import Schedule

    models = {}
    for spec in args.model:
        name, path = spec.split("=", 1)
        models[name] = load_costmodel(path)
    out = Path(args.out + ".json")
    known = {r["id"]: r for r in json.loads(out.read_text())} if out.is_file() else {}
    rows = []
    for entry in json.loads(Path(args.oneshot).read_text()):
        prog = load(Path(args.corpus) / f"{entry['id']}.c")
        row = known.get(entry["id"])
        if row is None:  # the candidates: the one-shot schedule, then the macro schedules
            cands = {"one-shot": Schedule.parse(entry["schedule"] or "")}
            for name, s in macro_schedules(prog.model).items():
                if str(s) not in {str(c) for c in cands.values()}:
                    cands[name] = s
            row = {"id": entry["id"], "candidates": {k: str(v) for k, v in cands.items()}, "predicted": {}}
        todo = {m: v for m, v in models.items() if m not in row["predicted"]}
        if todo:  # each model's predictions, added to those of an earlier run
            graphs = [program_graph(prog.scop, prog.apply(Schedule.parse(t)).nest) for t in row["candidates"].values()]
            for m, (net, target) in todo.items():
                row["predicted"][m] = dict(zip(row["candidates"], map(float, predict_seconds(net, target, graphs)),
                                               strict=True))
        rows.append(row)
        print(entry["id"], len(row["candidates"]), flush=True)
    out.write_text(json.dumps(rows, indent=0))
    Path(args.out + ".txt").write_text("".join(f"{r['id']}: {t}\n" for r in rows for t in r["candidates"].values() if t))


def report(args):
    measured = Measured(args.corpus, args.store)
    rows = json.loads(Path(args.picks).read_text())
    models = sorted(rows[0]["predicted"]) if rows else []
    out = {"one-shot": [], "best measured": [], **{m: [] for m in models}}
    missing = 0
    for r in rows:
        sp = {name: measured.speedup(r["id"], t) if t else 1.0 for name, t in r["candidates"].items()}
        if sp["one-shot"] is None:
            missing += 1
            continue
        got = {k: v for k, v in sp.items() if v is not None}
        out["one-shot"].append(sp["one-shot"])
        out["best measured"].append(max(got.values()))
        for m in models:
            p = r["predicted"][m]
            pick = min((k for k in got), key=lambda k: p[k])
            if p[pick] * args.margin > p["one-shot"]:
                pick = "one-shot"
            out[m].append(got[pick])
    print(f"{len(rows) - missing} programs ({missing} without the one-shot schedule's time)")
    for k, v in out.items():
        below = sum(x < 0.95 for x in v)
        print(f"{k:16s} {geomean(v):.3f}x  ({below} below 0.95x)")


ap = argparse.ArgumentParser()
sub = ap.add_subparsers(dest="cmd", required=True)
p = sub.add_parser("plan")
p.add_argument("corpus")
p.add_argument("oneshot")
p.add_argument("out")
p.add_argument("--model", action="append", default=[])
r = sub.add_parser("report")
r.add_argument("corpus")
r.add_argument("store")
r.add_argument("picks")
r.add_argument("--margin", type=float, default=1.0)
a = ap.parse_args()
plan(a) if a.cmd == "plan" else report(a)
