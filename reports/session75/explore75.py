"""Session 75: after decide75.md refused Z75 (F52 blended with Z75) on seed 314, other ways to ask Z75, replayed on
the same seed 314 to choose what a second rule tests on a fresh seed (314 decides nothing here: it is explored).
Variants: the shipped F52+F67, Z75 alone, F52+F67+Z75 (the three blended), F67+Z75 (without F52). decide75b.md and
decide75c.md read its Z75-alone line on seeds 316 and 318.
  .venv/bin/python reports/session75/explore75.py predict SHARD ... --out OUT.jsonl [--z75 DIR]
  .venv/bin/python reports/session75/explore75.py compare OUT.jsonl ...     # each against F67 (replay67.compare)"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replay75  # noqa: E402

replay67, replay70 = replay75.replay67, replay75.replay70


def variants(d: Path) -> dict:
    z75 = replay75.z75_files(d)
    f52, f67 = replay67.F52, replay70.F67
    both = {"F67": replay67.blend(f52, f67), "Z75-alone": replay67.blend(z75), "F52+F67+Z75": replay67.blend(f52, f67, z75),
            "F67+Z75": replay67.blend(f67, z75)}
    return {name: (pair, pair) for name, pair in both.items()}


if __name__ == "__main__":
    replay75.main(variants)
