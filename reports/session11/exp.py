"""Cost-model experiments on the session-10 data with C's split: python exp.py TAG key=value ..."""
import sys, math, time, numpy as np, torch
from torch import nn
from torch_geometric.loader import DataLoader
from polyrl.model.costmodel import (read_store, read_checkpoint, spearman_within, ndcg_at_1, program_batches,
                                    within_program_pairwise, within_program_mse, CostModel)
torch.set_num_threads(1)
TAG = sys.argv[1]
cfg = dict(epochs=12, rank=3.0, within=1.0, absw=1.0, lr=1e-3, frac=1.0, hidden=128, layers=2, heads=4, bs=32, seed=0, wd=1e-5, drop=0.0, listw=0.0, temp=1.0)
for a in sys.argv[2:]:
    k, v = a.split("="); cfg[k] = type(cfg[k])(v)
print(cfg, flush=True)
torch.manual_seed(cfg["seed"])
cache = torch.load("cm6/C.graphs.pt", weights_only=False)["graphs"]
samples, _ = read_store("cm6/g8m.sqlite")
split = read_checkpoint("cm6/C.pt")["split"]
rng = np.random.default_rng(cfg["seed"])
train_progs = list(split["train"]); rng.shuffle(train_progs)
train_progs = set(train_progs[: int(len(train_progs) * cfg["frac"])])
which = {p: k for k, ps in split.items() for p in ps}
parts = {k: [] for k in split}
for s in samples:
    if (s.program, s.schedule) in cache and (which[s.program] != "train" or s.program in train_progs):
        parts[which[s.program]].append(s)
logs = np.log([s.seconds for s in parts["train"]]); MEAN, STD = float(logs.mean()), float(logs.std())
pid = {p: i for i, p in enumerate(sorted(which))}
def graphs(ss):
    out = []
    for s in ss:
        g = cache[(s.program, s.schedule)].clone()
        g.y = torch.tensor([(math.log(s.seconds) - MEAN) / STD], dtype=torch.float32)
        g.pid = torch.tensor([pid[s.program]]); out.append(g)
    return out
G = {k: graphs(v) for k, v in parts.items()}
model = CostModel(hidden_channels=cfg["hidden"], num_layers=cfg["layers"], heads=cfg["heads"], dropout=cfg["drop"])
model.backbone.set_input_scaling(torch.cat([g.x for g in G["train"]]))
opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["wd"])
def evaluate(k):
    model.eval()
    with torch.no_grad():
        p = torch.cat([model(b) for b in DataLoader(G[k], batch_size=64)]).double().numpy()
    secs = np.array([s.seconds for s in parts[k]]); progs = [s.program for s in parts[k]]
    return round(spearman_within(np.exp(p), secs, progs), 4), round(ndcg_at_1(np.exp(p), secs, progs), 4)
best = (-1,)
for ep in range(1, cfg["epochs"] + 1):
    t0 = time.time(); model.train(); tot = 0
    gen = torch.Generator().manual_seed(cfg["seed"] * 100003 + ep)
    for batch in DataLoader(G["train"], batch_sampler=program_batches([s.program for s in parts["train"]], cfg["bs"], gen)):
        opt.zero_grad(); pred = model(batch)
        loss = cfg["absw"] * nn.functional.mse_loss(pred, batch.y) + cfg["within"] * within_program_mse(pred, batch.y, batch.pid)
        if cfg["rank"]: loss = loss + cfg["rank"] * within_program_pairwise(pred, batch.y, batch.pid, 0.05 / STD)
        if cfg["listw"]:
            _, grp = torch.unique(batch.pid, return_inverse=True); ng = int(grp.max()) + 1
            tl = torch.zeros(0)
            for gi in range(ng):
                m = grp == gi
                if m.sum() < 2: continue
                q = torch.log_softmax(-pred[m] / cfg["temp"], 0); t = torch.softmax(-batch.y[m] * STD / 0.1, 0)
                tl = torch.cat([tl, -(t * q).sum()[None]])
            if len(tl): loss = loss + cfg["listw"] * tl.mean()
        loss.backward(); nn.utils.clip_grad_norm_(model.parameters(), 5.0); opt.step(); tot += loss.item()
    v = evaluate("val")
    if v[0] > best[0]: best = (v[0], {k: x.clone() for k, x in model.state_dict().items()}, ep)
    print(f"epoch {ep} loss {tot:.1f} val {v} ({time.time()-t0:.0f}s)", flush=True)
model.load_state_dict(best[1])
print(TAG, "best epoch", best[2], "train", evaluate("train"), "val", evaluate("val"), "test", evaluate("test"), flush=True)
torch.save({"model": model.state_dict(), "cfg": cfg, "mean": MEAN, "std": STD}, f"cm7/exp-{TAG}.pt")
