"""A copy of the store without the random schedules (the last 2 candidates of each program in
the candidates file): distillation targets from the recipes only."""
import json, sqlite3, shutil, sys, collections
cand, corpus, src, dst = sys.argv[1:5]
by = collections.defaultdict(list)
for line in open(cand):
    p, s = line.split(":", 1); by[p].append(s.strip())
from polyrl.model.costmodel import index_corpus, read_manifest
# the store keys programs by hash: the corpus's files give them
hashes = {e.id: h for h, e in index_corpus(read_manifest(corpus), {}, workers=2, log=lambda _: None).items()}
rand = {(hashes[p], s) for p, ss in by.items() if p in hashes for s in ss[-2:]}
shutil.copy(src, dst)
c = sqlite3.connect(dst)
rows = c.execute("select program, schedule, times, status from measurements").fetchall()
gone = [(p, s) for p, s, _, _ in rows if (p, s) in rand]
c.executemany("delete from measurements where program=? and schedule=?", gone); c.commit()
# how often a random schedule was a program's fastest
best = {}
for p, s, t, st in rows:
    if st != "ok": continue
    m = min(json.loads(t))
    if p not in best or m < best[p][0]: best[p] = (m, s)
print(len(rows), "rows;", len(gone), "random rows removed;", sum((p, s) in rand for p, (m, s) in best.items()), "of", len(best), "programs had a random fastest")
