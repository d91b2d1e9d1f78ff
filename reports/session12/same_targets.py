"""Do `--targets FILE` on the full store and the session-11 store copy without random rows give the same targets?"""
import sys
from polyrl.rl.distill import targets
from polyrl.measure.schedules import read_schedule_file
from polyrl.runtime import MemoStore, Toolchain
from pathlib import Path
tc = Toolchain(threads=2)
allowed = {k: set(v) for k, v in read_schedule_file(Path(sys.argv[1])).items()}
with MemoStore("cm6/g8m.sqlite") as s:
    a, _ = targets("g8m", s, tc, allowed=allowed)
with MemoStore("cm7/g8m-recipe.sqlite") as s:
    b, _ = targets("g8m", s, tc)
ka = [(t.program.name, t.schedule, round(t.speedup, 9), t.fallbacks) for t in a]
kb = [(t.program.name, t.schedule, round(t.speedup, 9), t.fallbacks) for t in b]
print(len(ka), len(kb), "identical" if ka == kb else f"differ in {sum(x != y for x, y in zip(ka, kb))}")
