"""Session 78: decide78b.md's replay: the shipped Z76, (a) Z79 alone and (b) Z76 blended with Z79 (train79.sh's files
in the --z75 folder), each in both the form check and the macro pick, scored on labelled held-out sets without timing
anything (explore78.py's pieces, session 75's replay75.main).
  .venv/bin/python reports/session78/explore78b.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s78
  .venv/bin/python reports/session78/explore78b.py compare OUT.jsonl ...     # each against Z76"""
from pathlib import Path

from explore78 import Z76, exported, in_both, replay67, replay75


def variants(d: Path) -> dict:
    z79 = exported(d, "Z79")
    return in_both({"Z76": replay67.blend(Z76), "Z79-alone": replay67.blend(z79), "Z76+Z79": replay67.blend(Z76, z79)})


if __name__ == "__main__":
    replay75.main(variants, shipped="Z76")
