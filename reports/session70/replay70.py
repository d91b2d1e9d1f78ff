"""Session 70: the exact replay of the one-shot pipeline with the shipped AMD forms models (F52 blended with F67) and
with F70 (F52 blended with train70.sh's fine-tune) in the form check and the macro pick, scored on labelled held-out
sets without timing anything (`decide70.md` is the rule).

  .venv/bin/python reports/session70/replay70.py predict SHARD [SHARD ...] --out OUT.jsonl [--f70 DIR]
  .venv/bin/python reports/session70/replay70.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]

replay67.predict with two variants: per program the greedy episode once, then for each variant the check
(with its form check) and the macro pick with that variant's models; the isl work and the predictions are memoised
per program. Each variant's row also records every prediction its models made on the program (`pred`: the model's
files, the schedules' texts, the predicted seconds; the check's model is the same in both), so that margins and blends
can be scored later from the rows alone. Resumes by program. `compare`: F70 against F67 per set and over all
(replay67.compare)."""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
import replay67  # noqa: E402

F67 = replay67.F65  # the two -amd-zen5.pt files, which hold F67 since session 68


def predictions(shared, policy, form, pick) -> dict:
    """A variant's row's `pred`: every prediction of its models (and the check's) memoised on the program so far, as
    [the model's file names joined by '+', the schedules' texts, the predicted seconds]."""
    def key(path, blend) -> tuple:
        return Path(path), tuple(Path(b) for b in blend)

    mine = {key(*m) for m in (*form, *pick)} | {key(policy.check.path, policy.check.blend)}
    return {"pred": [["+".join(Path(x).name for x in (k[1], *k[2])), list(k[3]), [float(t) for t in v]]
                     for k, v in shared.memo.items() if k[0] == "pred" and key(k[1], k[2]) in mine]}


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
        d = Path(a.f70)
        a.add = [f"F70={d / 'F70-forms-export.pt'},{d / 'F70-tuned-export.pt'}"]
        replay67.predict(a, {"F67": (replay67.blend(replay67.F52, F67), replay67.blend(replay67.F52, F67))},
                         extra=predictions)
    else:
        replay67.compare(a)


if __name__ == "__main__":
    main()
