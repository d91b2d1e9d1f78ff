"""Session 81: decide81.md's replay on this Zen 5. Variants: the shipped AMD pair ("F67": F52 blended with the
-amd-zen5.pt files, which hold F67), (a) F52 blended with F81 (train81.sh's files in the --z75 folder), (b) F81
alone, each in both the form check and the macro pick, scored on labelled held-out sets without timing anything
(session 75's replay75.main, session 78's pieces).
  .venv/bin/python reports/session81/explore81.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s81
  .venv/bin/python reports/session81/explore81.py compare OUT.jsonl ... [--sets SHARD-NAME ...]   # against F67"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session78"))
from explore78 import exported, in_both, replay67, replay75  # noqa: E402

F67 = replay75.replay70.F67


def variants(d: Path) -> dict:
    f81 = exported(d, "F81")
    return in_both({"F67": replay67.blend(replay67.F52, F67), "F52+F81": replay67.blend(replay67.F52, f81),
                    "F81-alone": replay67.blend(f81)})


if __name__ == "__main__":
    replay75.main(variants, shipped="F67")
