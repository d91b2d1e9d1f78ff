"""Session 70: the exact replay of the one-shot pipeline with the shipped AMD forms models (F52 blended with F67) and
with F70 (F52 blended with train70.sh's fine-tune) in the form check and the macro pick, scored on labelled held-out
sets without timing anything (`decide70.md` is the rule).

  .venv/bin/python reports/session70/replay70.py predict SHARD [SHARD ...] --out OUT.jsonl [--f70 DIR]
  .venv/bin/python reports/session70/replay70.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]

replay67.py's machinery with two variants: per program the greedy episode once, then for each variant the check
(with its form check) and the macro pick with that variant's models; the isl work and the predictions are memoised
per program. Resumes by program. `compare`: F70 against F67 per set and over all (replay67.compare)."""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
import replay67  # noqa: E402

F67 = replay67.F65  # the two -amd-zen5.pt files, which hold F67 since session 68


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
        replay67.predict(a)
    else:
        replay67.compare(a)


if __name__ == "__main__":
    main()
