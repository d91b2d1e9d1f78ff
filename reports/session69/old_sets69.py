"""Session 69: G4 (decide69.md) on decide68's ten sets, as far as session 68's replay rows tell it (they do not
record the checked schedule): where F67 kept the original, the checked schedule was the original (G4 = F67);
where F67 kept the checked schedule (no macro), it was transformed (G4 = S4); where F67 took a macro schedule and S4
decided the same, G4 did too; the rest are ambiguous and counted, scored both ways. Reported only; it decides nothing.

  .venv/bin/python reports/session69/old_sets69.py reports/session68/replay68-*.jsonl.gz"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session64"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session67"))
import final_replay  # noqa: E402
from replay67 import speedup  # noqa: E402

rows = final_replay.read_rows(sys.argv[1:])
sets = sorted({r["shard"] for r in rows})
print(f"{'set':46s} {'n':>4s} {'F67':>7s} {'S4':>7s} {'G4 low':>7s} {'G4 high':>7s} {'ambig':>5s} "
      f"{'<.95 F67/S4/G4lo/G4hi':>22s}")
for shard in [*sets, None]:
    acc = {k: [] for k in ("F67", "S4", "lo", "hi")}
    ambiguous = 0
    for r in rows:
        if shard is not None and r["shard"] != shard:
            continue
        f, s = r["variants"]["F67"], r["variants"]["S4"]
        sf, ss = speedup(f, r["t_orig"]), speedup(s, r["t_orig"])
        if sf is None or ss is None:
            continue
        if not f["final"]:
            g = (sf, sf)
        elif not f["macro"]:
            g = (ss, ss)
        elif f["final"] == s["final"]:
            g = (sf, sf)
        else:
            ambiguous += 1
            g = (min(sf, ss), max(sf, ss))
        acc["F67"].append(sf)
        acc["S4"].append(ss)
        acc["lo"].append(g[0])
        acc["hi"].append(g[1])
    geo = {k: final_replay.geo(v) for k, v in acc.items()}
    low = "/".join(str(sum(x < 0.95 for x in acc[k])) for k in acc)
    print(f"{shard or 'all':46s} {len(acc['F67']):4d} {geo['F67']:6.3f}x {geo['S4']:6.3f}x {geo['lo']:6.3f}x "
          f"{geo['hi']:6.3f}x {ambiguous:5d} {low:>22s}")
