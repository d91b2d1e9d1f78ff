"""Session 60: the failing labels of seed 259 (two schedules of prog_000121, status wrong-result) through the fuzzer's
own evaluation (polyrl.fuzz.evaluate.evaluate_program: the legality check, a build with the fuzzing flags
-O3 -march=native -fopenmp -ffp-contract=off, a bitwise comparison with the original's -O0 build, then actions
dropped one at a time while the failure remains), which writes a reproducer folder per failure under
OUT/failures/ (program.c, schedule.txt, emitted.c, diff.txt, README.txt with the `polyrl run` command).
  .venv/bin/python reports/session60/reproduce_g259.py PROGRAM.c OUT SCHEDULE [SCHEDULE ...]"""
import sys
from pathlib import Path

from polyrl.fuzz.evaluate import FuzzSettings, evaluate_program
from polyrl.poly.schedule import Schedule

program, out, *schedules = sys.argv[1:]
result = evaluate_program(program, [Schedule.parse(s) for s in schedules], FuzzSettings(out=out),
                          name=f"g259-{Path(program).stem}")
if result.error or result.miscompiled_baseline:
    print(f"the original: {result.error or result.miscompiled_baseline}")
for ev in result.evaluations:
    print(f"schedule {ev.k}: {ev.verdict}, {ev.status} {ev.detail}\n  as labelled: {ev.schedule}\n"
          f"  minimized:   {ev.minimized or '-'}\n  reproducer:  {ev.reproducer or '-'}")
