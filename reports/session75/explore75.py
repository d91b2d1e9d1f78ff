"""Session 75: after decide75.md refused Z75 (F52 blended with Z75) on seed 314, other ways to ask Z75, replayed on
the same seed 314 to choose what a second rule tests on a fresh seed (314 decides nothing here: it is explored).
Variants: the shipped F52+F67, Z75 alone, F52+F67+Z75 (the three blended), F67+Z75 (without F52).
  .venv/bin/python reports/session75/explore75.py predict SHARD ... --out OUT.jsonl [--z75 DIR]
  .venv/bin/python reports/session75/explore75.py compare OUT.jsonl ...     # each against F67 (replay67.compare)"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session70"))
import replay70  # noqa: E402

replay67 = replay70.replay67


def variants(d: Path) -> dict:
    z75 = (d / "Z75-forms-export.pt", d / "Z75-tuned-export.pt")
    f52, f67 = replay67.F52, replay70.F67
    both = {"F67": replay67.blend(f52, f67), "Z75-alone": replay67.blend(z75), "F52+F67+Z75": replay67.blend(f52, f67, z75),
            "F67+Z75": replay67.blend(f67, z75)}
    return {name: (pair, pair) for name, pair in both.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p1 = sub.add_parser("predict")
    p1.add_argument("shards", nargs="+")
    p1.add_argument("--out", required=True)
    p1.add_argument("--z75", default="/work/runs/s75")
    p2 = sub.add_parser("compare")
    p2.add_argument("outs", nargs="+")
    p2.add_argument("--sets", nargs="+")
    a = ap.parse_args()
    replay67.SHIPPED = "F67"
    if a.cmd == "predict":
        a.add = []
        replay67.predict(a, variants(Path(a.z75)), extra=replay70.predictions)
    else:
        replay67.compare(a)


if __name__ == "__main__":
    main()
