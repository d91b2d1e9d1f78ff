"""Session 77: decide77.md's replay. Variants: the shipped Zen 1 models ("Z76": costmodel-forms-amd-zen1.pt and
costmodel-forms-tuned-amd-zen1.pt, alone) and Z77 alone (train77.sh's fine-tune, which has also learned the
stencil-weighted scale-128 labels of seed 319), each in both the form check and the macro pick, scored on labelled
held-out sets without timing anything (session 75's replay75.main).
  .venv/bin/python reports/session77/explore77.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s77
  .venv/bin/python reports/session77/explore77.py compare OUT.jsonl ...     # Z77 against Z76 (replay67.compare)"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
import replay75  # noqa: E402

from polyrl.search.policy import DEFAULT_COSTMODEL  # noqa: E402

replay67 = replay75.replay67


def variants(d: Path) -> dict:
    """The shipped Z76 and decide77.md's candidate; `d` holds train77.sh's exported Z77 files."""
    z76 = DEFAULT_COSTMODEL.with_name("costmodel-forms-amd-zen1.pt"), \
        DEFAULT_COSTMODEL.with_name("costmodel-forms-tuned-amd-zen1.pt")
    z77 = d / "Z77-forms-export.pt", d / "Z77-tuned-export.pt"
    both = {"Z76": replay67.blend(z76), "Z77-alone": replay67.blend(z77)}
    return {name: (pair, pair) for name, pair in both.items()}


if __name__ == "__main__":
    replay75.main(variants, shipped="Z76")
