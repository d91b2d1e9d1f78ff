"""Session 35: the macro schedules a parallel-loop rule changes (a tile loop of one iteration is
no longer taken as the parallel loop), old and new side by side in one `polyrl bench` run. Two
schedule columns: polyrl-schedule (--schedules OLD, the macro plans before the change) and
polyrl-schedule-new (the file in POLYRL_SCHEDULES_NEW, after it). One changed profile per
kernel: trmm's affine-blis (its tile-nopack and blis-large change alike), tile-nopack elsewhere.

    POLYRL_SCHEDULES_NEW=new.txt python reports/session35/bench_macro_fix.py --schedules old.txt BENCH-ARGS...
"""
import os
import sys
from dataclasses import replace

from polyrl.bench.schedules import load_schedules
from polyrl.bench.variants import ScheduleVariant, register_variant
from polyrl.cli import main


@register_variant
class NewSchedules(ScheduleVariant):
    """polyrl-schedule with the schedules file in POLYRL_SCHEDULES_NEW."""

    name = "polyrl-schedule-new"
    summary = "a fixed polyrl schedule per kernel from POLYRL_SCHEDULES_NEW"

    def __init__(self, settings):
        super().__init__(replace(settings, schedules=load_schedules(os.environ["POLYRL_SCHEDULES_NEW"])))


sys.exit(main(["bench", *sys.argv[1:]]))
