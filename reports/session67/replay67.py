"""Session 67: the exact replay of the one-shot pipeline (session 64's final_replay.py) with several choices of the
AMD forms models at once, so that blends of F52, F56 and F65 are scored on labelled held-out sets without timing
anything (`decide67.md` says which variants and the rule).

  .venv/bin/python reports/session67/replay67.py predict SHARD [SHARD ...] --out OUT.jsonl [--add NAME=FORMS,TUNED ...]
  .venv/bin/python reports/session67/replay67.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]
  .venv/bin/python reports/session67/replay67.py agree OUT.jsonl[.gz] ... --variant NAME --old OLD.jsonl[.gz] ...

`predict`: per program, the greedy episode once, then for each variant the check (with its form check) and the macro
pick with that variant's models in the form check (`forms`, `forms_also`) and the pick (`pick`, `pick_also`);
everything else as shipped. `--add` adds a variant: F52 blended with the given pair of files (a new second
fine-tune, e.g. F67) in the form check and the pick. The variants share the program's isl work and predictions:
macro_options, CostCheck's options, source_plan and Policy._predicted are memoised per program (by the schedules'
texts, and for predictions the cost model's files), so each call is the one a lone run makes. Resumes by program.
`compare`: each variant against the shipped one (F65) per set and over all, as replay65.py compare does.
`agree`: how many programs a variant decides as an earlier single-variant replay (final_replay.py / replay65.py)
did: the check that the shared work changes nothing."""
import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
import final_replay  # noqa: E402

W = Path(__file__).resolve().parents[2] / "polyrl" / "model" / "weights"
F52 = (W / "costmodel-forms-amd.pt", W / "costmodel-forms-tuned-amd.pt")  # shipped, FORMS_FINETUNES["amd"]
F65 = (W / "costmodel-forms-amd-zen5.pt", W / "costmodel-forms-tuned-amd-zen5.pt")  # shipped, FORMS_SECOND
# (since session 68 those two files hold F67: a replay run now names F67's decisions `F65`; F65 is at git 691eb2c)
F56 = (Path("/work/runs/s66/F56-forms.pt"), Path("/work/runs/s66/F56-tuned.pt"))  # git show 8d11f78:...


def blend(*members):
    """The form check's or the pick's two models, (forms, tuned), each as CostCheck's (path, blend): the first
    member's model blended with the others' (the geometric mean of their predicted times)."""
    return tuple((members[0][i], tuple(m[i] for m in members[1:])) for i in range(2))


VARIANTS = {  # name: (form check's (forms, forms_also), pick's (pick, pick_also)); each a (path, blend) pair
    "F65": (blend(F52, F65), blend(F52, F65)),  # shipped since session 66
    "F56": (blend(F52, F56), blend(F52, F56)),  # shipped in sessions 56-65
    "F52+F56+F65": (blend(F52, F56, F65), blend(F52, F56, F65)),
    "form56-pick65": (blend(F52, F56), blend(F52, F65)),
    "form65-pick56": (blend(F52, F65), blend(F52, F56)),
}
SHIPPED = "F65"


class Shared:
    """Per-program memos of the isl work and of the models' predictions that every variant asks the same."""

    def __init__(self, pol) -> None:
        self.memo: dict = {}
        self.hits = self.misses = 0
        # keyed by what identifies the call on one program: the schedule's text (a schedule's nest is a function
        # of its text there), for source_plan the profile and the actions, for the predictions the cost model's
        # files and the schedules' texts
        pol.macro_options = self.memoised(pol.macro_options, lambda model, schedule, nest: ("macro", str(schedule)))
        pol.source_plan = self.memoised(pol.source_plan, lambda model, profile, actions, nest:
                                        ("source", id(profile), str(pol.Schedule(tuple(actions)))))
        pol.CostCheck.options = staticmethod(self.memoised(pol.CostCheck.options, lambda model, schedule, nest:
                                                           ("options", str(schedule))))
        pol.Policy._predicted = self.memoised(pol.Policy._predicted, lambda policy, cost, lp, options:
                                              ("pred", cost.path, cost.blend, tuple(str(s) for s, _ in options)))

    def reset(self) -> None:
        """A new program: nothing memoised applies to it."""
        self.memo = {}

    def memoised(self, fn, key):
        def call(*args):
            k = key(*args)
            if k in self.memo:
                self.hits += 1
            else:
                self.misses += 1
                self.memo[k] = fn(*args)
            return self.memo[k]
        return call


def predict(a, variants: dict | None = None, extra=None) -> None:
    """Each variant's decisions (`variants`, default VARIANTS, and `a.add`) on the labelled programs of `a.shards`.
    `extra(shared, policy, form, pick)`, where given, returns more fields for a variant's row (session 70's replay70
    records its models' predictions)."""
    from polyrl.search import Policy
    from polyrl.search import policy as pol
    from polyrl.search.policy import CostCheck, _argmax

    variants = dict(VARIANTS if variants is None else variants)
    for spec in a.add or ():
        name, _, files = spec.partition("=")
        pair = tuple(Path(f).resolve() for f in files.split(","))
        if not name or len(pair) != 2 or not all(f.is_file() for f in pair):
            raise SystemExit(f"--add wants NAME=FORMS.pt,TUNED.pt with both files present: {spec!r}")
        variants[name] = (blend(F52, pair), blend(F52, pair))
    shared = Shared(pol)
    policy = Policy.load(None, check=True, pick=True)
    costs: dict = {}

    def cost(spec) -> CostCheck:
        if spec not in costs:
            costs[spec] = CostCheck(*spec)
        return costs[spec]

    def decide(lp, p) -> dict:
        episode = policy.episode(lp, _argmax)
        finals = {}
        for name, (form, pick) in variants.items():
            policy.forms, policy.forms_also = cost(form[0]), cost(form[1])
            policy.pick, policy.pick_also = cost(pick[0]), cost(pick[1])
            t1 = time.perf_counter()
            finals[name] = final_row(policy._macro_pick(lp, policy._check(lp, episode)), p, t1)
            if extra is not None:
                finals[name].update(extra(shared, policy, form, pick))
        return finals

    replay(a.shards, Path(a.out), policy, shared, decide)


def final_row(final, p: dict, t1: float) -> dict:
    """One variant's decision on program `p` (a final_replay.programs entry), as a row records it."""
    return {"final": final.text, "macro": final.macro, "whole": final.whole,
            "t_final": p["times"].get(final.text) if final.text else None, "seconds": time.perf_counter() - t1}


def replay(shards, out: Path, policy, shared: Shared, decide) -> None:
    """Each labelled program of `shards` not yet in `out`: its variants' decisions, `decide(lp, p)` (name: final_row),
    appended to `out` as one JSON row, with the isl memos reset per program and one GraphCache per machine."""
    from polyrl.api import load
    from polyrl.errors import PolyrlError
    from polyrl.machine import parse_caches
    from polyrl.rl.state import GraphCache, LoadedProgram

    done = {json.loads(line)["program"] for line in out.read_text().splitlines()} if out.is_file() else set()
    graphs: dict[str, GraphCache] = {}
    with open(out, "a") as f, tempfile.TemporaryDirectory() as tmp:
        for shard in shards:
            progs = final_replay.programs(Path(shard))
            for n, (h, p) in enumerate(sorted(progs.items()), 1):
                if h in done or p["source"] is None or "" not in p["times"]:
                    continue
                spec = final_replay.caches_of(p["machine"])
                policy.graphs = graphs.setdefault(spec, GraphCache(caches=parse_caches(spec)))
                path = Path(tmp) / f"p{h[:12]}.c"
                path.write_text(p["source"])
                t0 = time.perf_counter()
                row = {"shard": Path(shard).name, "program": h, "machine": p["machine"], "t_orig": p["times"][""]}
                try:
                    lp = LoadedProgram.of(load(path))
                    shared.reset()
                    row["variants"] = decide(lp, p)
                except PolyrlError as e:
                    print(f"{shard} {h[:12]}: {e}", file=sys.stderr)
                    continue
                row["seconds"] = time.perf_counter() - t0
                f.write(json.dumps(row) + "\n")
                f.flush()
                differ = len({v["final"] for v in row["variants"].values()})
                print(f"{Path(shard).name[:40]} {n}/{len(progs)} {row['seconds']:.1f}s finals {differ} "
                      f"memo {shared.hits}/{shared.hits + shared.misses}", flush=True)
            policy.graphs = GraphCache()
            graphs.clear()


def speedup(v: dict, t_orig: float) -> float | None:
    if not v["final"]:
        return 1.0
    return None if v["t_final"] is None else t_orig / v["t_final"]


def compare(a) -> None:
    rows = final_replay.read_rows(a.outs)
    sets = a.sets or sorted({r["shard"] for r in rows})
    rows = [r for r in rows if r["shard"] in sets]
    print(f"{len(rows)} programs over {len(sets)} sets; each variant against {SHIPPED} (the shipped one) on the "
          "programs where both final schedules are labelled")
    for name in rows[0]["variants"]:
        if name == SHIPPED:
            continue
        print(f"\n{name} over {SHIPPED}")
        print(f"{'set':46s} {'n':>4s} {'miss':>4s} {SHIPPED:>8s} {name[:8]:>8s} {'ratio':>7s} {'<.95 s/v':>9s} "
              f"{'diff':>5s}")
        ratios, total_low = [], [0, 0]
        for shard in [*sets, None]:
            both, miss = [], 0
            for r in rows:
                if shard is not None and r["shard"] != shard:
                    continue
                so = speedup(r["variants"][SHIPPED], r["t_orig"])
                sn = speedup(r["variants"][name], r["t_orig"])
                if so is None or sn is None:
                    miss += 1
                    continue
                both.append((so, sn, r["variants"][SHIPPED]["final"] != r["variants"][name]["final"]))
            go, gn = final_replay.geo([x[0] for x in both]), final_replay.geo([x[1] for x in both])
            lo, ln = sum(x[0] < 0.95 for x in both), sum(x[1] < 0.95 for x in both)
            if shard is not None:
                ratios.append(gn / go)
            else:
                total_low = [lo, ln]
            n = len(both) + miss
            print(f"{shard or 'all':46s} {len(both):4d} {miss:4d} {go:7.3f}x {gn:7.3f}x {gn / go:7.3f} "
                  f"{lo:4d}/{ln:<4d} {sum(x[2] for x in both):5d}" + (f"  ({100 * miss / n:.1f}% unlabelled)"
                                                                       if miss else ""))
        print(f"product of the set ratios {math.prod(ratios):.4f}, lowest {min(ratios):.3f}; below 0.95x "
              f"{total_low[0]} -> {total_low[1]}")


def agree(a) -> None:
    rows = {(r["shard"], r["program"]): r["variants"][a.variant] for r in final_replay.read_rows(a.outs)}
    # an earlier single-variant replay's rows (final_replay.py, replay65.py), or this script's (the same variant)
    old = {(r["shard"], r["program"]): r if "final" in r else r["variants"][a.variant]
           for r in final_replay.read_rows(a.old)}
    keys = [k for k in rows if k in old]
    same = sum(rows[k]["final"] == old[k]["final"] for k in keys)
    print(f"{a.variant}: {same} of {len(keys)} programs decided as the earlier replay ({len(rows) - len(keys)} of "
          f"this replay not in it)")
    for k in keys:
        if rows[k]["final"] != old[k]["final"]:
            print(f"  {k[0][:40]} {k[1][:12]}: {old[k]['final']!r} -> {rows[k]['final']!r}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p1.add_argument("--add", action="append", help="NAME=FORMS.pt,TUNED.pt: one more variant, F52 blended with these")
    p2 = sub.add_parser("compare")
    p2.add_argument("outs", nargs="+")
    p2.add_argument("--sets", nargs="+")
    p3 = sub.add_parser("agree")
    p3.add_argument("outs", nargs="+")
    p3.add_argument("--variant", required=True)
    p3.add_argument("--old", nargs="+", required=True)
    args = ap.parse_args()
    {"predict": predict, "compare": compare, "agree": agree}[args.cmd](args)
