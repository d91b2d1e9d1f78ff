"""Session 61: the corpus distill61.sh distils from (run in /work/runs/s61 after `polyrl dataset import --store
all/labels.sqlite --corpus all/corpus`): every program with a verified baseline on this Zen 5 and at least 9 verified
Zen 5 labels (the pick-and-samples seeds 243-261 and the searches), and 1,200 of the 4,014 with exactly 8 (the macro
schedules of sessions 53-57), drawn with seed 61; links in zen5/ with their manifest lines. Nothing is timed."""
import json
import os
import random
import sqlite3

ZEN5 = "AMD EPYC x2 (family 26 model 2%"
db = sqlite3.connect("all/labels.sqlite")
counts = dict(db.execute("select program, count(*) from measurements where machine like ? and status = 'ok' "
                         "group by program", (ZEN5,)))
base = {h for (h,) in db.execute("select program from measurements where machine like ? and status = 'ok' and "
                                 "schedule = ''", (ZEN5,))}
rich = sorted(h for h in base if counts[h] >= 9)
eight = sorted(h for h in base if counts[h] == 8)
keep = set(rich) | set(random.Random(61).sample(eight, 1200))
os.makedirs("zen5")
n = 0
with open("zen5/manifest.jsonl", "w") as out:
    for line in open("all/corpus/manifest.jsonl"):
        e = json.loads(line)
        if e["hash"] in keep:
            out.write(line)
            n += 1
            os.symlink(os.path.abspath("all/corpus/" + e["file"]), "zen5/" + e["file"])
print(f"{n} programs: {len(rich)} with 9 or more labels, 1200 of {len(eight)} with 8")
