"""Session 66: session 65's replay (F52 blended with F65, `replay65-*.jsonl.gz`) against session 64's (F52 blended with
F56, `replay-*.jsonl.gz`), the programs decided differently grouped by where each side's final schedule came from
(the original loops, the checked schedule, or a macro schedule by name), with the geometric mean and the product of
F65's speedup over F56's in each group; nothing timed.
  .venv/bin/python reports/session66/replay_moves.py > reports/session66/replay-moves.txt"""
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / s) for s in ("session64", "session65")]
from final_replay import read_rows  # noqa: E402
from replay65 import speedup  # noqa: E402


def rows(paths: list[str]) -> dict:
    return {(r["shard"], r["program"]): r for r in read_rows(paths)}


def source(r: dict) -> str:
    return "original" if not r["final"] else (r["macro"] or "checked")


old = rows([f"reports/session64/replay-{z}.jsonl.gz" for z in ("zen3", "zen5")])
new = rows([f"reports/session65/replay65-{z}.jsonl.gz" for z in ("zen3", "zen5")])
moves = defaultdict(list)
for k, n in new.items():
    o = old.get(k)
    if o is None or o["final"] == n["final"]:
        continue
    so, sn = speedup(o), speedup(n)
    if so is not None and sn is not None:
        moves[f"{source(o)} -> {source(n)}"].append(math.log(sn / so))
print(f"{'n':>4s} {'geomean':>8s} {'product':>9s}  F56's final schedule -> F65's")
for k in sorted(moves, key=lambda k: sum(moves[k])):
    v = moves[k]
    print(f"{len(v):4d} {math.exp(sum(v) / len(v)):8.3f} {math.exp(sum(v)):9.3f}  {k}")
allv = [x for v in moves.values() for x in v]
print(f"{len(allv)} programs decided differently; product of F65 over F56 {math.exp(sum(allv)):.3f}")
