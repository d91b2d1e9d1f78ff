"""What the baseline's -O1 check costs a program: the -O1 and -O3 builds and runs of the lone instrumented
program, reading their arrays, and comparing them; every tenth of the issue's 100 programs.
Usage: python prof_base.py"""
import time, tempfile, json
from polyrl.api import load
from polyrl.runtime.execute import Toolchain, build, run, reference_toolchain
from polyrl.runtime.instrument import instrument
from polyrl.runtime.verify import load_dump, compare_dumps
tc = Toolchain(threads=2); ref = reference_toolchain(tc)
T = dict(build1=0, run1=0, load1=0, build3=0, run3=0, load3=0, cmp=0)
for k in range(0, 100, 10):
    p = load(f'/work/runs/s39/tp/progs/prog_{k:06d}.c')
    dumps = {}
    for name, t in (('1', ref), ('3', tc)):
        with tempfile.TemporaryDirectory() as wd:
            a = time.perf_counter(); b = build(instrument(p.scop, None), t, wd); T['build' + name] += time.perf_counter() - a
            a = time.perf_counter(); r = run(b.exe, 20, 0, 2); T['run' + name] += time.perf_counter() - a
            a = time.perf_counter(); dumps[name] = load_dump(r.dump); T['load' + name] += time.perf_counter() - a
    a = time.perf_counter(); v = compare_dumps(dumps['1'], dumps['3'], False); T['cmp'] += time.perf_counter() - a
    print(k, sum(x.nbytes for x in dumps['1'].values()) >> 20, 'MB', v.ok)
print({k: round(v / 10, 3) for k, v in T.items()})
