"""Session 70: the exact replay of the one-shot pipeline with the shipped AMD forms models (F52 blended with F67) and
with F70 (F52 blended with train70.sh's fine-tune) in the form check and the macro pick, scored on labelled held-out
sets without timing anything (`decide70.md` is the rule).

  .venv/bin/python reports/session70/replay70.py predict SHARD [SHARD ...] --out OUT.jsonl [--f70 DIR]
  .venv/bin/python reports/session70/replay70.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]

replay67.py's machinery with two variants: per program the greedy episode once, then for each variant the check
(with its form check) and the macro pick with that variant's models; the isl work and the predictions are memoised
per program. Each variant's row also records every prediction its models made on the program (`pred`: the model's
files, the schedules' texts, the predicted seconds; the check's model is the same in both), so that margins and blends
can be scored later from the rows alone. Resumes by program. `compare`: F70 against F67 per set and over all
(replay67.compare)."""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
import replay67  # noqa: E402

F67 = replay67.F65  # the two -amd-zen5.pt files, which hold F67 since session 68


def predict(a) -> None:
    """replay67.predict with `pred` recorded in each variant's row (from the memo of Policy._predicted)."""
    from polyrl.search import Policy
    from polyrl.search import policy as pol
    from polyrl.search.policy import CostCheck, _argmax

    variants = dict(replay67.VARIANTS)
    for spec in a.add:
        name, _, files = spec.partition("=")
        pair = tuple(Path(f).resolve() for f in files.split(","))
        if not all(f.is_file() for f in pair):
            raise SystemExit(f"missing {pair}")
        variants[name] = (replay67.blend(replay67.F52, pair), replay67.blend(replay67.F52, pair))
    shared = replay67.Shared(pol)
    policy = Policy.load(None, check=True, pick=True)
    costs: dict = {}

    def cost(spec) -> CostCheck:
        if spec not in costs:
            costs[spec] = CostCheck(*spec)
        return costs[spec]

    def label(path, blend) -> str:
        return "+".join(Path(x).name for x in (path, *blend))

    def decide(lp, p) -> dict:
        episode = policy.episode(lp, _argmax)
        finals = {}
        for name, (form, pick) in variants.items():
            policy.forms, policy.forms_also = cost(form[0]), cost(form[1])
            policy.pick, policy.pick_also = cost(pick[0]), cost(pick[1])
            t1 = time.perf_counter()
            finals[name] = replay67.final_row(policy._macro_pick(lp, policy._check(lp, episode)), p, t1)
            mine = {(Path(m[0]), tuple(Path(b) for b in m[1])) for m in (*form, *pick)}
            mine.add((Path(policy.check.path), tuple(Path(b) for b in policy.check.blend)))
            finals[name]["pred"] = [[label(k[1], k[2]), list(k[3]), [float(t) for t in v]]
                                    for k, v in shared.memo.items() if k[0] == "pred"
                                    and (Path(k[1]), tuple(Path(b) for b in k[2])) in mine]
        return finals

    replay67.replay(a.shards, Path(a.out), policy, shared, decide)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p1.add_argument("--f70", default="/work/runs/s70", help="the folder with F70-forms-export.pt, F70-tuned-export.pt")
    p2 = sub.add_parser("compare")
    p2.add_argument("outs", nargs="+")
    p2.add_argument("--sets", nargs="+")
    a = ap.parse_args()
    replay67.SHIPPED = "F67"
    if a.cmd == "predict":
        replay67.VARIANTS = {"F67": (replay67.blend(replay67.F52, F67), replay67.blend(replay67.F52, F67))}
        d = Path(a.f70)
        a.add = [f"F70={d / 'F70-forms-export.pt'},{d / 'F70-tuned-export.pt'}"]
        predict(a)
    else:
        replay67.compare(a)


if __name__ == "__main__":
    main()
