"""Session 78: decide78.md's replay. Variants: the shipped Zen 1 models ("Z76": costmodel-forms-amd-zen1.pt and
costmodel-forms-tuned-amd-zen1.pt, alone), (a) Z76 blended with Z77 (session 77's train77.sh), (b) Z76 blended with
Z78 (train78.sh: Z76's recipe and labels at seed 1), and Z77 and Z78 alone (reported, deciding nothing), each in both
the form check and the macro pick, scored on labelled held-out sets without timing anything (session 75's
replay75.main). explore78b.py's variants are built from the same pieces.
  .venv/bin/python reports/session78/explore78.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s78
  .venv/bin/python reports/session78/explore78.py compare OUT.jsonl ...     # each against Z76 (replay67.compare)
Z77's files are read from /work/runs/s77 (Z77DIR=... for another folder)."""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
import replay75  # noqa: E402

from polyrl.search.policy import DEFAULT_COSTMODEL  # noqa: E402

replay67 = replay75.replay67
Z76 = DEFAULT_COSTMODEL.with_name("costmodel-forms-amd-zen1.pt"), \
    DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd-zen1.pt")


def exported(d: Path, name: str) -> tuple[Path, Path]:
    """A train65.sh fine-tune's two exported models in folder `d`: (forms, tuned)."""
    return d / f"{name}-forms-export.pt", d / f"{name}-tuned-export.pt"


def in_both(members: dict) -> dict:
    """name: (form check's pair, pick's pair), each variant's models asked in both (replay75.main's variants)."""
    return {name: (pair, pair) for name, pair in members.items()}


def variants(d: Path) -> dict:
    """The shipped Z76, decide78.md's two blends and their second members alone; `d` holds train78.sh's files."""
    z77 = exported(Path(os.environ.get("Z77DIR", "/work/runs/s77")), "Z77")
    z78 = exported(d, "Z78")
    return in_both({"Z76": replay67.blend(Z76), "Z76+Z77": replay67.blend(Z76, z77),
                    "Z76+Z78": replay67.blend(Z76, z78), "Z77-alone": replay67.blend(z77),
                    "Z78-alone": replay67.blend(z78)})


if __name__ == "__main__":
    replay75.main(variants, shipped="Z76")
