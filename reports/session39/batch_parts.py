"""Where one batch process's time goes, on the first N programs of progs/ (run in /work/runs/s39/tp:
python batch_parts.py 8): wall, timed runs, the same without dumps, and warm-ups only."""
import json, sys, time, os, tempfile, subprocess
from pathlib import Path
import polyrl.measure.worker as w
from polyrl.runtime.instrument import instrument_batch
from polyrl.runtime.execute import build, Toolchain, run_batch
from polyrl.measure.scheduler import discover
entries = {Path(json.loads(l)["path"]).name: json.loads(l) for l in Path("full.sqlite.plans.jsonl").read_text().splitlines()}
tc = Toolchain(threads=2)
tot = {"wall": 0, "timed": 0, "nodump": 0}
for src in discover("progs")[:int(sys.argv[1])]:
    e = entries[src.name]
    legal = [t for t, ok, _ in e["schedules"] if ok]
    prog = w._load(Path("progs") / src.name)
    regions = [prog.apply(t).region_text for t in legal]
    d = tempfile.mkdtemp()
    b = build(instrument_batch(prog.scop, [None, *regions]), tc, d)
    t = time.perf_counter(); r = run_batch(b.exe, 1 + len(regions), 20, 3, 2, prune=1.5); wall = time.perf_counter() - t
    timed = sum(sum(x) for x in r.times)
    sz = sum(f.stat().st_size for f in Path(d).glob("dump.bin.*"))
    env = dict(os.environ, POLYRL_REPEAT="3", POLYRL_MIN_TIME="0.04", POLYRL_PRUNE="1.5", OMP_NUM_THREADS="2", POLYRL_TIMES=d + "/t2")
    t = time.perf_counter(); subprocess.run([str(b.exe)], cwd=d, env=env, stdout=subprocess.DEVNULL); nodump = time.perf_counter() - t
    env2 = dict(env, POLYRL_REPEAT="0"); env2.pop("POLYRL_TIMES")
    t = time.perf_counter(); subprocess.run([str(b.exe)], cwd=d, env=env2, stdout=subprocess.DEVNULL); warmonly = time.perf_counter() - t
    print(f"{src.name}: wall {wall*1000:7.1f} ms, timed {timed*1000:7.1f}, no dump {nodump*1000:7.1f}, repeat0 nodump {warmonly*1000:7.1f}, dumps {sz/1e6:.1f} MB, runs {[len(x) for x in r.times]} base {min(r.times[0])*1000:.2f} ms")
