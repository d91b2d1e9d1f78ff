"""Experiment: predict log speedup over the original from (original graph, schedule graph)."""
import sys, math, time, numpy as np, torch
from torch import nn
from torch_geometric.data import Batch
from polyrl.model.costmodel import read_store, read_checkpoint, spearman_within, ndcg_at_1, program_batches, within_program_pairwise
from polyrl.model.backbone import GraphBackbone, mlp_head
from polyrl.model.features import NODE_FEATURES, NUM_EDGE_TYPES
torch.set_num_threads(1)
EPOCHS = int(sys.argv[1]); RANK = float(sys.argv[2]); LR = float(sys.argv[3]); TAG = sys.argv[4]
torch.manual_seed(0)
cache = torch.load("cm6/C.graphs.pt", weights_only=False)["graphs"]
samples, _ = read_store("cm6/g8m.sqlite")
split = read_checkpoint("cm6/C.pt")["split"]
base = {s.program: s.seconds for s in samples if s.schedule == ""}
which = {p: k for k, ps in split.items() for p in ps}
parts = {k: [] for k in split}
for s in samples:
    if s.program in base and (s.program, s.schedule) in cache and (s.program, "") in cache:
        parts[which[s.program]].append(s)
y_all = np.array([math.log(base[s.program] / s.seconds) for s in parts["train"]])
STD = float(y_all.std()); print("speedup log std", STD, flush=True)
class Siam(nn.Module):
    def __init__(self, h=128):
        super().__init__()
        self.bb = GraphBackbone(NODE_FEATURES, h, 2, 4, edge_dim=NUM_EDGE_TYPES)
        self.head = mlp_head(2 * h, (h, h, 1))
    def forward(self, gt, go):
        ht = self.bb(gt.x, gt.edge_index, gt.batch, gt.edge_attr)
        ho = self.bb(go.x, go.edge_index, go.batch, go.edge_attr)
        return self.head(torch.cat([ht, ht - ho], -1)).squeeze(-1)
model = Siam()
model.bb.set_input_scaling(torch.cat([cache[(s.program, s.schedule)].x for s in parts["train"]]))
opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=1e-5)
pid = {p: i for i, p in enumerate(sorted(base))}
def tensors(ss):
    gt = Batch.from_data_list([cache[(s.program, s.schedule)] for s in ss])
    go = Batch.from_data_list([cache[(s.program, "")] for s in ss])
    y = torch.tensor([math.log(base[s.program] / s.seconds) / STD for s in ss], dtype=torch.float32)
    p = torch.tensor([pid[s.program] for s in ss])
    return gt, go, y, p
def evaluate(ss):
    model.eval(); out = []
    with torch.no_grad():
        for i in range(0, len(ss), 64):
            gt, go, _, _ = tensors(ss[i:i + 64]); out.append(model(gt, go))
    sp = torch.cat(out).double().numpy() * STD
    pred_t = np.array([base[s.program] for s in ss]) / np.exp(sp)
    secs = np.array([s.seconds for s in ss]); progs = [s.program for s in ss]
    return spearman_within(pred_t, secs, progs), ndcg_at_1(pred_t, secs, progs)
tr = parts["train"]; best = (-1, None)
for ep in range(1, EPOCHS + 1):
    t0 = time.time(); model.train(); tot = 0
    gen = torch.Generator().manual_seed(ep)
    for idx in program_batches([s.program for s in tr], 32, gen):
        gt, go, y, p = tensors([tr[i] for i in idx])
        opt.zero_grad(); pred = model(gt, go)
        loss = nn.functional.mse_loss(pred, y) + RANK * within_program_pairwise(pred, y, p, 0.05 / STD)
        loss.backward(); nn.utils.clip_grad_norm_(model.parameters(), 5.0); opt.step(); tot += loss.item()
    v = evaluate(parts["val"])
    if v[0] > best[0]: best = (v[0], {k: x.clone() for k, x in model.state_dict().items()}, ep)
    print(f"epoch {ep} loss {tot:.1f} val within {v[0]:.3f} ndcg {v[1]:.3f} ({time.time()-t0:.0f}s)", flush=True)
model.load_state_dict(best[1])
print("best epoch", best[2], "train", evaluate(tr), "val", evaluate(parts["val"]), "test", evaluate(parts["test"]), flush=True)
torch.save(model.state_dict(), f"cm7/siam-{TAG}.pt")
