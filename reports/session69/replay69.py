"""Session 69: the exact replay of the one-shot pipeline as shipped (F52 blended with F67, no samples in the macro
pick), beside variants whose macro pick weighs K of the policy's samples only where the checked schedule (the
greedy episode after the cost model's check, before the pick) is not the original loops (G4, G8), and session 68's
S4 (samples everywhere) for reference. Scored on labelled held-out sets without timing anything (`decide69.md`).

  .venv/bin/python reports/session69/replay69.py predict SHARD [SHARD ...] --out OUT.jsonl
  .venv/bin/python reports/session69/replay69.py compare OUT.jsonl[.gz] ... [--sets SHARD-NAME ...]
  .venv/bin/python reports/session69/replay69.py sources OUT.jsonl[.gz] ...

replay68.py with these variants: `predict` draws 8 samples once per program (a variant takes the first K) and
records the checked schedule in each row (`checked`); `compare` and `sources` are replay68's."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session68"))
import replay68  # noqa: E402

VARIANTS = {"F67": (0, False), "S4": (4, False), "G4": (4, True), "G8": (8, True)}  # name: (samples, gated)


def predict(a) -> None:
    replay68.predict(a, VARIANTS)


if __name__ == "__main__":
    replay68.main(predict)
