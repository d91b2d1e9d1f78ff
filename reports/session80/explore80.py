"""Session 80: decide80.md's replay: the shipped Z76, (a) Z80 alone and (b) Z76 blended with Z80 (train80.sh's files
in the --z75 folder), and Z80a alone (the first training, before record_seen scaled the new columns; reported), each
in both the form check and the macro pick, scored on labelled held-out sets without timing anything (session 78's
explore78 pieces, session 75's replay75.main).
  .venv/bin/python reports/session80/explore80.py predict SHARD ... --out OUT.jsonl --z75 /work/runs/s80
  .venv/bin/python reports/session80/explore80.py compare OUT.jsonl ... [--sets SHARD-NAME ...]   # against Z76"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session78"))
from explore78 import Z76, exported, in_both, replay67, replay75  # noqa: E402


def variants(d: Path) -> dict:
    z80, z80a = exported(d, "Z80"), exported(d, "Z80a")
    return in_both({"Z76": replay67.blend(Z76), "Z80-alone": replay67.blend(z80), "Z76+Z80": replay67.blend(Z76, z80),
                    "Z80a-alone": replay67.blend(z80a)})


if __name__ == "__main__":
    replay75.main(variants, shipped="Z76")
