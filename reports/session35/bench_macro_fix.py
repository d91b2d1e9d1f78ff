"""Session 35: the macro schedules a parallel-loop rule changes (a tile loop of one iteration is
no longer taken as the parallel loop), old and new side by side in one `polyrl bench` run. Two
schedule columns: polyrl-schedule (--schedules OLD, the macro plans before the change) and
polyrl-schedule-new (the file in POLYRL_SCHEDULES_NEW, after it). One changed profile per
kernel: trmm's affine-blis (its tile-nopack and blis-large change alike), tile-nopack elsewhere.

    POLYRL_SCHEDULES_NEW=new.txt python reports/session35/bench_macro_fix.py --schedules old.txt BENCH-ARGS...
"""
import os
import sys

from polyrl.bench.variants import Base, Build, ScheduleVariant, Skip, register_variant
from polyrl.cli import main


NEW = dict(line.split(":", 1) for line in open(os.environ["POLYRL_SCHEDULES_NEW"]).read().splitlines() if ":" in line)
NEW = {k.strip(): v.strip() for k, v in NEW.items()}


@register_variant
class NewSchedules(ScheduleVariant):
    name = "polyrl-schedule-new"
    summary = "a fixed polyrl schedule per kernel from POLYRL_SCHEDULES_NEW"

    def prepare(self, case):
        text = NEW.get(case.kernel.name)
        if text is None:
            return Skip("no-schedule", "no schedule for this kernel in POLYRL_SCHEDULES_NEW")
        base = Base(self.settings).prepare(case)
        if isinstance(base, Skip):
            return base
        opt = case.program.apply(text)
        return Build(base.toolchain, opt.region_text, str(opt.schedule))


sys.exit(main(["bench", *sys.argv[1:]]))
