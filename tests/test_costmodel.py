"""The GATv2 backbone and cost-model pretraining on a tiny memo store measured for real."""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from torch_geometric.loader import DataLoader

from polyrl.api import load
from polyrl.cli import main
from polyrl.errors import PolyrlError
from polyrl.model.backbone import GraphBackbone
from polyrl.model.costmodel import (
    PretrainConfig,
    _graphs_of_program,
    best_weights,
    build_graphs,
    export_costmodel,
    graph_cache_path,
    index_corpus,
    load_costmodel,
    loss_curve_path,
    mape,
    ndcg_at_1,
    predict_seconds,
    pretrain,
    program_batches,
    read_manifest,
    read_store,
    spearman,
    spearman_within,
    split_programs,
    within_program_listwise,
    within_program_mse,
    within_program_pairwise,
)
from polyrl.model.features import NODE_FEATURES, NUM_EDGE_TYPES, program_graph
from polyrl.runtime import MemoStore, Toolchain, compare, program_hash
from polyrl.runtime.store import StoreKey
from polyrl.search.policy import DEFAULT_COSTMODEL

MAIN = """
int main(void)
{
  init();
  kernel();
  printf("%f\\n", OUT);
  return 0;
}
"""

PROGRAMS = {
    "mm": ("""#include <stdio.h>
#define N 40
double A[N][N], B[N][N], C[N][N];
static void init(void) { int i, j; for (i = 0; i < N; i++) for (j = 0; j < N; j++) {
  A[i][j] = (i + j) % 7; B[i][j] = (i * j) % 5; C[i][j] = 0.0; } }
static void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
#define OUT C[3][4]
""", ["B0:I(1,2)", "B0:T2(0,1,8,8)"]),
    "mv": ("""#include <stdio.h>
#define N 300
double A[N][N], x[N], y[N];
static void init(void) { int i, j; for (i = 0; i < N; i++) { x[i] = i % 3; y[i] = 0.0;
  for (j = 0; j < N; j++) A[i][j] = (i + 2 * j) % 11; } }
static void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      y[i] += A[j][i] * x[j];
#pragma endscop
}
#define OUT y[7]
""", ["B0:I(0,1)", "B0:U(4)"]),
    "jac": ("""#include <stdio.h>
#define T 20
#define N 2000
double a[N], b[N];
static void init(void) { int i; for (i = 0; i < N; i++) { a[i] = i % 13; b[i] = 0.0; } }
static void kernel(void)
{
  int t, i;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      b[i] = 0.33 * (a[i - 1] + a[i] + a[i + 1]);
    for (i = 1; i < N - 1; i++)
      a[i] = b[i];
  }
#pragma endscop
}
#define OUT a[10]
""", ["B0:U(2)"]),
    "tr": ("""#include <stdio.h>
#define N 200
double A[N][N], B[N][N];
static void init(void) { int i, j; for (i = 0; i < N; i++) for (j = 0; j < N; j++) {
  A[i][j] = (i * 3 + j) % 17; B[i][j] = 1.0; } }
static void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      B[i][j] = B[i][j] + A[j][i] * 0.5;
#pragma endscop
}
#define OUT B[5][9]
""", ["B0:I(0,1)", "B0:T2(0,1,16,16)"]),
}


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> tuple[Path, Path]:
    """A corpus of four small programs and a memo store with real times of 2-3 schedules each."""
    root = tmp_path_factory.mktemp("costmodel")
    corpus = root / "corpus"
    corpus.mkdir()
    store_path = root / "store.sqlite"
    toolchain = Toolchain(threads=1)
    lines = []
    with MemoStore(store_path) as store:
        for pid, (text, schedules) in PROGRAMS.items():
            path = corpus / f"{pid}.c"
            path.write_text(text + MAIN)
            prog = load(path)
            # the generator's manifests name files without program hashes: half the corpus does too
            entry = {"id": pid, "hash": program_hash(prog.scop)} if pid in ("mm", "mv") else {"id": pid, "file": path.name}
            lines.append(json.dumps(entry))
            for schedule in schedules:
                opt = prog.apply(schedule)
                result = compare(prog.scop, opt.region_text, str(opt.schedule), toolchain, store=store, repeat=2)
                assert result.verified, result.summary()
    (corpus / "manifest.jsonl").write_text("\n".join(lines) + "\n")
    return store_path, corpus


def config(measured, out: Path, **kw) -> PretrainConfig:
    store, corpus = measured
    base = dict(store=str(store), corpus=str(corpus), out=str(out), epochs=2, workers=1, hidden_channels=32,
                batch_size=4)
    base.update(kw)
    return PretrainConfig(**base)


def test_backbone_forward_backward_on_a_batch(tmp_path):
    path = tmp_path / "mm.c"
    path.write_text(PROGRAMS["mm"][0] + MAIN)
    prog = load(path)
    graphs = [program_graph(prog.scop, prog.apply(s).nest) for s in ("", "B0:T2(0,1,8,8)", "B0:P(0)")]
    batch = next(iter(DataLoader(graphs, batch_size=3)))
    torch.manual_seed(0)
    net = GraphBackbone(NODE_FEATURES, hidden_channels=128, num_layers=2, heads=4, edge_dim=NUM_EDGE_TYPES)
    out = net(batch.x, batch.edge_index, batch.batch, batch.edge_attr)
    assert out.shape == (3, 128)
    assert torch.isfinite(out).all()
    out.pow(2).mean().backward()
    grads = [p.grad for p in net.parameters()]
    assert all(g is not None and torch.isfinite(g).all() for g in grads)
    assert any(g.abs().sum() > 0 for g in grads)
    # one graph alone gives the same embedding as inside the batch
    net.eval()
    alone = net(graphs[1].x, graphs[1].edge_index, None, graphs[1].edge_attr)
    together = net(batch.x, batch.edge_index, batch.batch, batch.edge_attr)
    assert torch.allclose(alone[0], together[1], atol=1e-5)
    before = [p.detach().clone() for p in net.parameters()]
    net.reset_parameters()
    assert any(not torch.equal(a, b) for a, b in zip(before, net.parameters(), strict=True))
    # without edge attributes, and with other sizes
    small = GraphBackbone(NODE_FEATURES, hidden_channels=16, num_layers=3, heads=2, out_channels=8, mlp_layers=3)
    assert small(batch.x, batch.edge_index, batch.batch).shape == (3, 8)


def test_pretrain_writes_checkpoint_and_loss_curve(measured, tmp_path, capsys):
    out = tmp_path / "cm.pt"
    metrics = pretrain(config(measured, out))
    assert out.is_file() and graph_cache_path(out).is_file()
    png = loss_curve_path(out)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ckpt = torch.load(out, weights_only=False)
    assert ckpt["epoch"] == 2 and len(ckpt["history"]) == 2
    # programs, never schedules, are split: each program is in exactly one part
    parts = ckpt["split"]
    programs = [p for k in ("train", "val", "test") for p in parts[k]]
    assert len(programs) == len(set(programs)) == 4
    assert all(parts[k] for k in ("train", "val", "test"))
    for k in ("val", "test"):
        assert metrics[k]["n"] > 0 and np.isfinite(metrics[k]["mape"])
    printed = capsys.readouterr().out
    assert "validation" in printed and "MAPE" in printed and "Spearman" in printed
    # the checkpoint predicts times for new graphs
    model, target = load_costmodel(out)
    path = Path(measured[1]) / "mm.c"
    prog = load(path)
    seconds = predict_seconds(model, target, [program_graph(prog.scop), program_graph(prog.scop, prog.apply("B0:I(1,2)").nest)])
    assert seconds.shape == (2,) and (seconds > 0).all()


def test_interrupted_graph_building_keeps_the_graphs_built_so_far(measured, tmp_path):
    out = tmp_path / "cm.pt"
    lines = []

    def stop_after_two_programs(line: str) -> None:
        lines.append(line)
        if "graphs: 2/" in line:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        pretrain(config(measured, out), log=stop_after_two_programs)
    saved = torch.load(graph_cache_path(out), weights_only=False)
    assert len({program for program, _ in saved["graphs"]}) == 2
    lines.clear()
    pretrain(config(measured, out), log=lines.append)  # builds the other two programs only
    assert any("graphs: 2/2 programs" in line for line in lines)
    samples, _ = read_store(measured[0])
    assert set(torch.load(graph_cache_path(out), weights_only=False)["graphs"]) == {
        (s.program, s.schedule) for s in samples}


def test_resume_continues_from_the_checkpoint(measured, tmp_path):
    out = tmp_path / "cm.pt"
    pretrain(config(measured, out, epochs=2))
    first = torch.load(out, weights_only=False)
    pretrain(config(measured, out, epochs=3, resume=True))
    resumed = torch.load(out, weights_only=False)
    assert resumed["epoch"] == 3 and len(resumed["history"]) == 3
    assert resumed["history"][:2] == first["history"]
    assert resumed["split"] == first["split"]
    # the same as three epochs in one go
    straight = tmp_path / "straight.pt"
    pretrain(config(measured, straight, epochs=3))
    once = torch.load(straight, weights_only=False)
    for a, b in zip(once["history"], resumed["history"], strict=True):
        assert a["train_loss"] == pytest.approx(b["train_loss"], rel=1e-4)
    with pytest.raises(PolyrlError, match="no checkpoint"):
        pretrain(config(measured, tmp_path / "none.pt", resume=True))


def test_split_from_keeps_an_earlier_runs_programs_over_several_corpora(measured, tmp_path):
    store, corpus = measured
    first = tmp_path / "first.pt"
    pretrain(config(measured, first, epochs=1))
    split = torch.load(first, weights_only=False)["split"]
    # the premise: another seed deals these four programs differently
    other = tmp_path / "other.pt"
    pretrain(config(measured, other, epochs=1, seed=3))
    assert torch.load(other, weights_only=False)["split"] != split
    # the corpus in two folders, two programs each
    lines = (corpus / "manifest.jsonl").read_text().splitlines()
    halves = []
    for k in range(2):
        part = tmp_path / f"part{k}"
        part.mkdir()
        for line in lines[2 * k : 2 * k + 2]:
            e = json.loads(line)
            name = e.get("file", f"{e['id']}.c")
            (part / name).write_bytes((corpus / name).read_bytes())
        (part / "manifest.jsonl").write_text("\n".join(lines[2 * k : 2 * k + 2]) + "\n")
        halves.append(str(part))
    again = tmp_path / "again.pt"
    metrics = pretrain(config(measured, again, epochs=1, seed=3, corpus=halves, split_from=str(first)))
    ckpt = torch.load(again, weights_only=False)
    assert {k: sorted(v) for k, v in ckpt["split"].items()} == {k: sorted(v) for k, v in split.items()}
    assert ckpt["data"]["samples"] == len(read_store(store)[0])
    assert metrics["test"]["n"] > 0
    # what --split-from refuses
    with pytest.raises(PolyrlError, match="no such checkpoint"):
        pretrain(config(measured, tmp_path / "x.pt", split_from=str(tmp_path / "none.pt")))
    slim = export_costmodel(first, tmp_path / "slim.pt")  # a shipped cost model has no split
    with pytest.raises(PolyrlError, match="program split"):
        pretrain(config(measured, tmp_path / "x.pt", split_from=str(slim)))
    # the command line takes --corpus twice
    assert main(["pretrain", "--store", str(store), "--corpus", halves[0], "--corpus", halves[1],
                 "--out", str(tmp_path / "cli.pt"), "--epochs", "1", "--workers", "1",
                 "--split-from", str(first)]) == 0
    assert main(["pretrain", "--store", str(store), "--corpus", str(corpus), "--out", str(tmp_path / "y.pt"),
                 "--split-from", str(corpus / "manifest.jsonl")]) == 2


def test_init_starts_from_a_checkpoints_best_weights_split_and_scaling(measured, tmp_path):
    """--init: no epoch at all gives back the checkpoint's best model, figures and all; one
    epoch moves on from it, with a fresh history and optimizer, on the same programs."""
    first = tmp_path / "first.pt"
    before = pretrain(config(measured, first, epochs=2))
    ckpt = torch.load(first, weights_only=False)
    same = tmp_path / "same.pt"
    metrics = pretrain(config(measured, same, epochs=0, seed=3, init=str(first)))
    again = torch.load(same, weights_only=False)
    assert again["split"] == ckpt["split"] and again["target"] == ckpt["target"]  # another seed, the same split
    assert all(torch.equal(again["model"][k], v) for k, v in best_weights(ckpt).items())
    for k in ("val", "test"):
        assert metrics[k]["mape"] == pytest.approx(before[k]["mape"], rel=1e-6)
    more = tmp_path / "more.pt"
    pretrain(config(measured, more, epochs=1, seed=3, init=str(first), lr=1e-2))
    tuned = torch.load(more, weights_only=False)
    assert tuned["split"] == ckpt["split"] and len(tuned["history"]) == 1 and tuned["epoch"] == 1
    assert any(not torch.equal(tuned["model"][k], v) for k, v in best_weights(ckpt).items())
    # an exported cost model (no split) starts the same way, its programs dealt by --seed
    slim = export_costmodel(first, tmp_path / "slim.pt")
    pretrain(config(measured, tmp_path / "from-slim.pt", epochs=0, init=str(slim)))
    assert all(torch.equal(torch.load(tmp_path / "from-slim.pt", weights_only=False)["model"][k], v)
               for k, v in best_weights(ckpt).items())
    with pytest.raises(PolyrlError, match="--init: no such"):
        pretrain(config(measured, tmp_path / "x.pt", init=str(tmp_path / "none.pt")))
    store, corpus = measured
    assert main(["pretrain", "--store", str(store), "--corpus", str(corpus), "--out", str(tmp_path / "cli.pt"),
                 "--epochs", "1", "--workers", "1", "--init", str(corpus / "manifest.jsonl")]) == 2


def test_train_programs_trains_on_a_prefix_of_the_same_split(measured, tmp_path):
    full = tmp_path / "full.pt"
    pretrain(config(measured, full, epochs=1))
    split = torch.load(full, weights_only=False)["split"]
    assert len(split["train"]) == 2  # the premise: four programs, one each for validation and test
    part = tmp_path / "part.pt"
    metrics = pretrain(config(measured, part, epochs=1, train_programs=1))
    kept = torch.load(part, weights_only=False)["split"]
    assert kept == {**split, "train": split["train"][:1]}
    assert metrics["test"]["programs"] == 1
    with pytest.raises(PolyrlError, match="at least 1"):
        pretrain(config(measured, tmp_path / "none.pt", epochs=1, train_programs=0))


def test_cli_pretrain(measured, tmp_path):
    store, corpus = measured
    out = tmp_path / "cli.pt"
    assert main(["pretrain", "--store", str(store), "--corpus", str(corpus), "--out", str(out), "--epochs", "1",
                 "--workers", "2"]) == 0
    assert out.is_file() and loss_curve_path(out).is_file()
    assert main(["pretrain", "--store", str(tmp_path / "missing.sqlite"), "--corpus", str(corpus),
                 "--out", str(out)]) == 2


def test_store_and_corpus_readers(measured, tmp_path):
    store, corpus = measured
    samples, machine = read_store(store)
    assert len(samples) == 4 + sum(len(s) for _, s in PROGRAMS.values())  # baselines + schedules
    assert all(s.seconds > 0 for s in samples) and machine
    entries = read_manifest(corpus)
    assert {e.id for e in entries} == set(PROGRAMS)
    known: dict[str, str] = {}
    index = index_corpus(entries, known, workers=1)
    assert {s.program for s in samples} == set(index)
    assert len(known) == 2  # the two entries without a hash were loaded once
    assert index_corpus(entries, known, workers=1) == index
    bad = tmp_path / "bad"
    bad.mkdir()
    with pytest.raises(PolyrlError, match="manifest"):
        read_manifest(bad)
    (bad / "manifest.jsonl").write_text('{"name": "x"}\n')
    with pytest.raises(PolyrlError, match="with an id"):
        read_manifest(bad)
    not_store = tmp_path / "x.sqlite"
    not_store.write_text("hello")
    with pytest.raises(PolyrlError):
        read_store(not_store)


def test_graphs_built_by_worker_processes_equal_those_built_in_process(measured):
    store, corpus = measured
    samples, _ = read_store(store)
    index = index_corpus(read_manifest(corpus), {}, workers=1)
    alone: dict = {}
    pooled: dict = {}
    assert build_graphs(samples, index, alone, workers=1, log=lambda _: None) == []
    assert build_graphs(samples, index, pooled, workers=2, log=lambda _: None) == []
    assert set(alone) == set(pooled) == {(s.program, s.schedule) for s in samples}
    for key, g in alone.items():
        h = pooled[key]
        assert set(g.keys()) == set(h.keys())
        assert all(torch.equal(g[k], h[k]) and g[k].dtype == h[k].dtype for k in g.keys())
    # what a worker sends back holds no torch tensor: each would keep a file descriptor
    # open in the parent, and ten thousand graphs ran out of them
    entry = next(iter(index.values()))
    graphs, skipped = _graphs_of_program((entry, [""]))
    assert skipped == [] and len(graphs) == 1
    assert not any(isinstance(v, torch.Tensor) for v in graphs[0][1].values())


def test_split_is_by_program_and_stable():
    programs = [f"p{k}" for k in range(50)]
    a = split_programs(programs, seed=1)
    assert sorted(a["train"] + a["val"] + a["test"]) == sorted(programs)
    assert len(a["val"]) == len(a["test"]) == 5
    assert split_programs(reversed(programs), seed=1) == a
    assert split_programs(programs, seed=2) != a
    assert split_programs(["only"], seed=0) == {"train": ["only"], "val": [], "test": []}


def test_metrics():
    t = np.array([1.0, 2.0, 4.0, 8.0])
    assert mape(t, t) == 0.0
    assert mape(t * 1.1, t) == pytest.approx(10.0)
    assert spearman(t, t ** 2) == pytest.approx(1.0)
    assert spearman(t, -t) == pytest.approx(-1.0)
    assert spearman(np.array([1.0, 1.0, 2.0]), np.array([1.0, 2.0, 3.0])) == pytest.approx(0.8660254)
    assert np.isnan(spearman(np.array([1.0]), np.array([1.0])))


def test_ranking_metrics_within_programs():
    seconds = np.array([1.0, 2.0, 4.0, 3.0, 6.0, 9.0, 5.0])
    programs = ["a", "a", "a", "b", "b", "b", "c"]  # c has one schedule: no ranking
    perfect = seconds * 10
    assert ndcg_at_1(perfect, seconds, programs) == 1.0
    assert spearman_within(perfect, seconds, programs) == pytest.approx(1.0)
    # a ranks its slowest schedule first (1/4), b its second best (3/6)
    wrong = np.array([3.0, 2.0, 1.0, 2.0, 1.0, 3.0, 0.0])
    assert ndcg_at_1(wrong, seconds, programs) == pytest.approx((0.25 + 0.5) / 2)
    assert spearman_within(wrong, seconds, programs) == pytest.approx((-1.0 + 0.5) / 2)
    assert np.isnan(ndcg_at_1(seconds[6:], seconds[6:], programs[6:]))


def test_program_batches_keep_programs_together_and_cover_everything():
    programs = ["a"] * 5 + ["b"] * 3 + ["c"] * 7 + ["d"]
    batches = program_batches(programs, 6, torch.Generator().manual_seed(1))
    assert sorted(i for b in batches for i in b) == list(range(len(programs)))
    for b in batches:  # a program never spans two batches
        for other in batches:
            if other is not b:
                assert not {programs[i] for i in b} & {programs[i] for i in other}


def test_within_program_loss_ignores_each_programs_offset():
    y = torch.tensor([1.0, 2.0, 3.0, 10.0, 12.0])
    pid = torch.tensor([0, 0, 0, 5, 5])
    # right order and gaps, wrong level per program: no within-program error
    assert within_program_mse(y + torch.tensor([4.0, 4.0, 4.0, -2.0, -2.0]), y, pid) == 0
    # swapping a program's two schedules is penalised: deviations (-1, 1) vs (1, -1)
    pred = torch.tensor([1.0, 2.0, 3.0, 12.0, 10.0])
    assert within_program_mse(pred, y, pid) == pytest.approx((4 * 2) / 5)


def test_pairwise_ranking_loss_on_hand_computed_pairs():
    y = torch.tensor([1.0, 2.0, 2.01, 10.0, 12.0])
    pid = torch.tensor([0, 0, 0, 5, 5])
    sp = lambda v: math.log1p(math.exp(v))  # noqa: E731
    # pairs beyond the 0.1 margin: (1,0), (2,0) in program 0 and (4,3) in program 5; (2,1) is a tie and
    # programs are never compared with each other
    pred = torch.tensor([0.0, 1.0, -1.0, 5.0, 3.0])
    want = (sp(-(1.0 - 0.0)) + sp(-(-1.0 - 0.0)) + sp(-(3.0 - 5.0))) / 3
    assert within_program_pairwise(pred, y, pid, 0.1).item() == pytest.approx(want)
    # the right order with wide gaps costs almost nothing, whatever each program's level
    assert within_program_pairwise(y * 100 - torch.tensor([0.0, 0, 0, 900, 900]), y, pid, 0.1).item() < 1e-6
    # a batch of ties only: no loss, and a gradient of zeros rather than NaN
    pred = torch.zeros(2, requires_grad=True)
    loss = within_program_pairwise(pred, torch.tensor([1.0, 1.0]), torch.tensor([0, 0]), 0.1)
    loss.backward()
    assert loss.item() == 0 and torch.equal(pred.grad, torch.zeros(2))


def test_listwise_loss_on_hand_computed_programs():
    y = torch.tensor([1.0, 2.0, 4.0, 7.0, 3.0])
    pid = torch.tensor([0, 0, 0, 5, 9])  # programs 5 and 9 have one sample each: left out
    t = 0.5

    def cross_entropy(pred, target):
        p = torch.softmax(-target / t, 0)
        return -(p * torch.log_softmax(-pred / t, 0)).sum().item()

    pred = torch.tensor([3.0, 0.0, 1.0, -4.0, 8.0])
    assert within_program_listwise(pred, y, pid, t).item() == pytest.approx(cross_entropy(pred[:3], y[:3]), rel=1e-5)
    # a constant shift per program changes nothing; the right order costs less than the reverse
    right = within_program_listwise(y + 5, y, pid, t).item()
    assert right == pytest.approx(cross_entropy(y[:3], y[:3]), rel=1e-5)
    assert right < within_program_listwise(-y, y, pid, t).item()
    # only single-sample programs: no loss, and a gradient of zeros rather than NaN
    pred = torch.zeros(2, requires_grad=True)
    loss = within_program_listwise(pred, torch.tensor([1.0, 2.0]), torch.tensor([0, 1]), t)
    loss.backward()
    assert loss.item() == 0 and torch.equal(pred.grad, torch.zeros(2))


def test_select_within_keeps_the_epoch_that_ranks_validation_programs_best(measured, tmp_path):
    out = tmp_path / "cm.pt"
    pretrain(config(measured, out, epochs=3, select="within", mse_weight=0.0, list_weight=1.0, rank_weight=1.0))
    ckpt = torch.load(out, weights_only=False)
    scores = [h["val_spearman_within"] for h in ckpt["history"]]
    best = max(range(3), key=lambda i: scores[i])
    assert ckpt["select"] == "within" and ckpt["best_score"] == pytest.approx(-scores[best])
    # the kept weights are that epoch's: they reproduce its validation score
    model, target = load_costmodel(out)
    cache = torch.load(graph_cache_path(out), weights_only=False)["graphs"]
    rows = [s for s in read_store(measured[0])[0] if s.program in set(ckpt["split"]["val"])]
    pred = predict_seconds(model, target, [cache[(s.program, s.schedule)] for s in rows])
    got = spearman_within(pred, np.array([s.seconds for s in rows]), [s.program for s in rows])
    assert got == pytest.approx(scores[best], abs=1e-6)
    assert main(["pretrain", "--store", str(measured[0]), "--corpus", str(measured[1]), "--out", str(out),
                 "--epochs", "3", "--resume", "--select", "within", "--mse-weight", "0", "--list-weight", "1",
                 "--rank-weight", "1", "--workers", "1"]) == 0
    # resuming with the other selection would compare a loss with a negated Spearman: refused
    before = out.read_bytes()
    assert main(["pretrain", "--store", str(measured[0]), "--corpus", str(measured[1]), "--out", str(out),
                 "--epochs", "4", "--resume", "--workers", "1"]) == 2
    assert out.read_bytes() == before


def test_backbone_standardizes_its_inputs_with_saved_statistics():
    net = GraphBackbone(4, hidden_channels=8, num_layers=1, heads=1)
    x = torch.tensor([[1.0, 10.0, 5.0, 0.0], [3.0, 30.0, 5.0, 0.0]])
    net.set_input_scaling(x)
    assert torch.allclose(net.x_mean, torch.tensor([2.0, 20.0, 5.0, 0.0]))
    assert net.x_std[2] == net.x_std[3] == 1e-3  # constant columns: only shifted
    state = net.state_dict()
    assert "x_mean" in state and "x_std" in state  # saved with the weights
    again = GraphBackbone(4, hidden_channels=8, num_layers=1, heads=1)
    again.load_state_dict(state)
    edges = torch.tensor([[0, 1], [1, 0]])
    assert torch.equal(again(x, edges), net(x, edges))


def test_a_column_the_training_data_never_made_vary_is_read_at_its_mean():
    torch.manual_seed(0)
    net = GraphBackbone(4, hidden_channels=8, num_layers=1, heads=1).eval()
    x = torch.tensor([[1.0, 10.0, 5.0, 0.0], [3.0, 30.0, 5.0, 0.0]])
    net.set_input_scaling(x)
    assert net.x_seen.tolist() == [True, True, False, False]
    edges = torch.tensor([[0, 1], [1, 0]])
    batch = torch.zeros(2, dtype=torch.long)
    odd = x.clone()
    odd[:, 2], odd[:, 3] = 6.0, 1.0  # 1,000 standard deviations off, as the scaling divides them
    with torch.no_grad():
        base, base_batched = net(x, edges), net(x, edges, batch)
        assert torch.equal(net(odd, edges), base)  # both forward paths ignore them
        torch.testing.assert_close(net(odd, edges, batch), base_batched)
        moved = x.clone()
        moved[0, 0] = 2.0
        assert not torch.equal(net(moved, edges), base)  # a column seen is read
        # a fine-tune whose data makes column 3 vary is taught it from then on
        std_before = net.x_std.clone()
        net.record_seen(torch.tensor([[0.0, 0.0, 5.0, 0.0], [0.0, 0.0, 5.0, 1.0]]))
        assert net.x_seen.tolist() == [True, True, False, True]
        assert not torch.equal(net(odd, edges), base)
        # ... scaled by its spread there about the mean kept (0): 1 is 1.41 deviations, not 1,000, and the
        # columns seen before keep their scaling
        assert net.standardized(odd)[:, 3].tolist() == pytest.approx([2 ** 0.5] * 2)
        assert torch.equal(net.x_std[:3], std_before[:3]) and torch.equal(net(x, edges), base)
    assert net.state_dict()["x_seen"].tolist() == [True, True, False, True]  # saved with the weights


def test_weights_saved_without_their_seen_columns_take_the_shipped_record():
    from polyrl.model.backbone import STD_FLOOR, reference_seen

    net = GraphBackbone(NODE_FEATURES, hidden_channels=8, num_layers=1, heads=1)
    x = torch.zeros(3, NODE_FEATURES)
    x[:, :10] = torch.arange(30, dtype=torch.float32).view(3, 10)
    net.set_input_scaling(x)
    state = {k: v for k, v in net.state_dict().items() if k != "x_seen"}  # as saved before session 79
    again = GraphBackbone(NODE_FEATURES, hidden_channels=8, num_layers=1, heads=1)
    again.load_state_dict(state)
    record = reference_seen(NODE_FEATURES)
    assert torch.equal(again.x_seen, (state["x_std"] > STD_FLOOR) | record)
    assert 0 < int(record.sum()) < NODE_FEATURES  # the record names some columns and leaves others out


@pytest.mark.skipif(not DEFAULT_COSTMODEL.is_file(), reason="no shipped cost model")
def test_the_shipped_model_ignores_what_correlation_sets_and_no_training_did():
    """PolyBench's correlation writes corr[M-1][M-1]: a subscript with a parameter in it,
    which no generated program has. The shipped model reads that column at its mean."""
    pb = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
    prog = load(pb / "datamining/correlation/correlation.c", defines={"MINI_DATASET": "1"},
                include_dirs=[str(pb / "utilities")])
    g = program_graph(prog.scop)
    model, _ = load_costmodel(DEFAULT_COSTMODEL)
    net = model.backbone
    unseen = ~net.x_seen
    assert (g.x[:, unseen] != net.x_mean[unseen]).any()  # the kernel sets a column never seen
    with torch.no_grad():
        shipped = model(g)
        plain = g.clone()
        plain.x = torch.where(net.x_seen, g.x, net.x_mean)
        assert torch.equal(model(plain), shipped)
        net.x_seen.fill_(True)  # read as every model read it before session 79
        assert (model(g) - shipped).abs().max() > 1e-3

def test_shipped_cost_model_loads_predicts_and_initialises_the_policy():
    from polyrl.model.actor_critic import ActorCritic

    shipped = Path(__file__).resolve().parents[1] / "polyrl" / "model" / "weights" / "costmodel.pt"
    model, target = load_costmodel(shipped)
    ckpt = torch.load(shipped, weights_only=False)
    assert ckpt["data"]["samples"] >= 10_000 and ckpt["metrics"]["test"]["programs"] >= 100
    assert "optimizer" not in ckpt  # exported: weights and their description only
    matmul = load(Path(__file__).resolve().parents[1] / "datasets" / "examples" / "matmul.c")
    graphs = [program_graph(matmul.scop), program_graph(matmul.scop, matmul.apply("B1:I(1,2)").nest)]
    seconds = predict_seconds(model, target, graphs)
    assert seconds.shape == (2,) and np.all(np.isfinite(seconds)) and np.all(seconds > 0)
    policy = ActorCritic.from_costmodel(shipped)
    _, value = policy(graphs[0])
    with torch.no_grad():
        assert torch.allclose(value.reshape(-1), model(graphs[0]).reshape(-1), atol=1e-5)


def test_several_machines_are_ranked_apart(measured, tmp_path):
    """`--machine all` (or text a fingerprint contains) reads every matching machine's times,
    and ranks a program's schedules only against the same machine's: a second machine whose
    times run in the opposite order is its own group, in the data and in the figures."""
    import shutil

    store, corpus = measured
    both = tmp_path / "both.sqlite"
    shutil.copy(store, both)
    with MemoStore(both) as db:
        items = list(db.items())
        (machine, toolchain), = {(k.machine, k.toolchain) for k, _ in items}
        other = "Other CPU x4 (family 0 model 0, L1d 32K L2 1024K L3 8192K)"
        # the other machine measured two of the programs, slowest schedule first
        kept = sorted({k.program for k, _ in items})[:2]
        mine = [(k, r) for k, r in items if k.program in kept and r.status == "ok" and r.times]
        ranked = sorted(mine, key=lambda kr: min(kr[1].times))
        db.put_many([(StoreKey(k.program, k.schedule, other, k.toolchain), replace(r, times=(1.0 + n,), timestamp=""))
                     for n, (k, r) in enumerate(reversed(ranked))])
    alone, name = read_store(both)  # the machine with most records, as before
    assert name == machine and {s.measured_on for s in alone} == {""}
    assert {s.group for s in alone} == {s.program for s in alone}
    every, what = read_store(both, "all")
    assert len(every) == len(alone) + len(mine) and "2 (machine, toolchain) pairs" in what
    groups = {s.group for s in every}
    assert len(groups) == len({s.program for s in alone}) + len(kept)
    # the groups keep the orders apart: with the first machine's times as the prediction,
    # its own groups rank perfectly (+1) and the other machine's backwards (-1); grouped
    # by program alone, the two machines' times of a program would be ranked together
    first = {(s.program, s.schedule): s.seconds for s in alone}
    predicted = np.array([first[(s.program, s.schedule)] for s in every])
    seconds = np.array([s.seconds for s in every])
    sign = {s.group: 1.0 if s.measured_on.startswith(machine) else -1.0 for s in every}
    sizes = Counter(s.group for s in every)
    expected = float(np.mean([sign[g] for g in sign if sizes[g] >= 3]))  # groups spearman_within counts
    assert -1 < expected < 1
    assert spearman_within(predicted, seconds, [s.group for s in every]) == pytest.approx(expected)
    assert spearman_within(predicted, seconds, [s.program for s in every]) != pytest.approx(expected)
    # text of a fingerprint picks the machines that contain it
    picked, _ = read_store(both, "Other CPU")
    assert len(picked) == len(mine) and {s.measured_on for s in picked} == {f"{other} | {toolchain}"}
    with pytest.raises(PolyrlError, match="matching `no such cpu`"):
        read_store(both, "no such cpu")
    # pretraining on both: the figures count groups, a program of both machines counts twice
    out = tmp_path / "both.pt"
    metrics = pretrain(config((both, corpus), out, epochs=1, machine="all"))
    ckpt = torch.load(out, weights_only=False)
    assert ckpt["data"]["samples"] == len(every) and "pairs matching `all`" in ckpt["data"]["machine"]
    split = ckpt["split"]
    for k in ("train", "val", "test"):
        assert metrics[k]["programs"] == len({s.group for s in every if s.program in split[k]})
    assert sum(metrics[k]["programs"] for k in metrics) == len(groups)
