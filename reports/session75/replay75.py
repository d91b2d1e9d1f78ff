"""Session 75: the exact replay of the one-shot pipeline with the shipped AMD forms models (F52 blended with F67) and
with Z75 (F52 blended with train75.sh's Zen 1 fine-tune) in the form check and the macro pick, scored on labelled
held-out sets without timing anything (`decide75.md` is the rule).

  .venv/bin/python reports/session75/replay75.py predict SHARD [SHARD ...] --out OUT.jsonl [--z75 DIR]
  .venv/bin/python reports/session75/replay75.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]

Session 70's replay70.py with Z75 in F70's place: replay67.predict with the variants given (per program the greedy
episode once, then each variant's check and macro pick; isl work and predictions memoised per program; each row
records its models' predictions), resuming by program; `compare`: each variant against F67 per set and over all
(replay67.compare). `main` is also explore75.py's, with its variants."""
import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session70"))
import replay70  # noqa: E402

replay67 = replay70.replay67


def z75_files(d: Path) -> tuple[Path, Path]:
    """train75.sh's two exported models in folder `d`: (forms, tuned)."""
    return d / "Z75-forms-export.pt", d / "Z75-tuned-export.pt"


def shipped_and_z75(d: Path) -> dict:
    """decide75.md's two variants: the shipped F52+F67 and F52+Z75, each in both the form check and the pick."""
    both = {"F67": replay67.blend(replay67.F52, replay70.F67), "Z75": replay67.blend(replay67.F52, z75_files(d))}
    return {name: (pair, pair) for name, pair in both.items()}


def main(variants: Callable[[Path], dict], shipped: str = "F67") -> None:
    """`predict` with `variants(the --z75 folder)` (name: (form check's pair, pick's pair)), or `compare`, each
    variant against the one named `shipped`."""
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p1.add_argument("--z75", default="/work/runs/s75", help="the folder with Z75-forms-export.pt, Z75-tuned-export.pt")
    p2 = sub.add_parser("compare")
    p2.add_argument("outs", nargs="+")
    p2.add_argument("--sets", nargs="+")
    a = ap.parse_args()
    replay67.SHIPPED = shipped
    if a.cmd == "predict":
        a.add = []
        replay67.predict(a, variants(Path(a.z75)), extra=replay70.predictions)
    else:
        replay67.compare(a)


if __name__ == "__main__":
    main(shipped_and_z75)
