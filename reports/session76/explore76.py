"""Session 76: decide76.md's replay. Variants: the shipped F52+F67 ("F67"), Z76 alone, and F52 blended with Z76
(train76.sh's Zen 1 fine-tune, which has learned this machine's scale-128 labels of seed 315), each in both the form
check and the macro pick, scored on labelled held-out sets without timing anything (session 75's replay75.main).
  .venv/bin/python reports/session76/explore76.py predict SHARD ... --out OUT.jsonl [--z75 /work/runs/s76]
  .venv/bin/python reports/session76/explore76.py compare OUT.jsonl ...     # each against F67 (replay67.compare)"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session75"))
import replay75  # noqa: E402

replay67, replay70 = replay75.replay67, replay75.replay70


def variants(d: Path) -> dict:
    """The shipped blend and decide76.md's two candidates; `d` holds train76.sh's exported Z76 files."""
    z76 = d / "Z76-forms-export.pt", d / "Z76-tuned-export.pt"
    f52, f67 = replay67.F52, replay70.F67
    both = {"F67": replay67.blend(f52, f67), "Z76-alone": replay67.blend(z76), "F52+Z76": replay67.blend(f52, z76)}
    return {name: (pair, pair) for name, pair in both.items()}


if __name__ == "__main__":
    replay75.main(variants)
