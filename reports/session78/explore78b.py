"""Session 78: decide78b.md's replay: the shipped Z76, (a) Z79 alone and (b) Z76 blended with Z79 (train79.sh's files
in the --z75 folder), each in both the form check and the macro pick, scored on labelled held-out sets without timing
anything (session 75's replay75.main).
  .venv/bin/python reports/session78/explore78b.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s78
  .venv/bin/python reports/session78/explore78b.py compare OUT.jsonl ...     # each against Z76"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
import replay75  # noqa: E402

from polyrl.search.policy import DEFAULT_COSTMODEL  # noqa: E402

replay67 = replay75.replay67


def variants(d: Path) -> dict:
    z76 = DEFAULT_COSTMODEL.with_name("costmodel-forms-amd-zen1.pt"), \
        DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd-zen1.pt")
    z79 = d / "Z79-forms-export.pt", d / "Z79-tuned-export.pt"
    both = {"Z76": replay67.blend(z76), "Z79-alone": replay67.blend(z79), "Z76+Z79": replay67.blend(z76, z79)}
    return {name: (pair, pair) for name, pair in both.items()}


if __name__ == "__main__":
    replay75.main(variants, shipped="Z76")
