"""Session 58: the inference times a decide run recorded (pipeline_eval.py's decisions.json, "seconds" per
program), median and maximum over the sets given, per configuration. Nothing is timed here; decide46.sh runs its
two configurations at once on the two cores, so the times are of a shared machine.
  python3 reports/session58/decide_inference.py ship58 mix58 /work/runs/s58/h246 ... > decide58-inference.txt"""
import json
import statistics
import sys

names = [a for a in sys.argv[1:] if "/" not in a]
sets = [a for a in sys.argv[1:] if "/" in a]
for name in names:
    t = [v["seconds"] for d in sets for v in json.load(open(f"{d}/decisions.json"))[name]["chosen"].values()]
    print(f"{name}: inference over {len(t)} programs of {len(sets)} sets (two decide processes at once on two cores): "
          f"median {1e3 * statistics.median(t):.0f} ms, max {max(t):.2f} s")
