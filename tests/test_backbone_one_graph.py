"""GraphBackbone's one-graph path (eval mode, no batch vector: what policy inference
runs) against the PyG layers it replaces, on random graphs with multi-edges, self-loops
and nodes without incoming edges, and on the shipped policy's weights."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from polyrl.model.actor_critic import ActorCritic
from polyrl.model.backbone import GraphBackbone
from polyrl.model.features import NUM_EDGE_TYPES
from polyrl.search.policy import DEFAULT_POLICY

PB = Path(__file__).resolve().parents[1] / "datasets" / "polybench"


def _random_graph(gen: torch.Generator, channels: int, edge_dim: int | None):
    n = int(torch.randint(1, 40, (1,), generator=gen))
    e = int(torch.randint(0, 3 * n + 1, (1,), generator=gen))
    x = torch.randn(n, channels, generator=gen)
    edge_index = torch.randint(0, n, (2, e), generator=gen)
    edge_attr = None
    if edge_dim is not None:
        edge_attr = torch.nn.functional.one_hot(torch.randint(0, edge_dim, (e,), generator=gen), edge_dim).float()
    return x, edge_index, edge_attr


@pytest.mark.parametrize("edge_dim", [NUM_EDGE_TYPES, None])
def test_one_graph_path_matches_the_pyg_layers(edge_dim):
    torch.manual_seed(0)
    backbone = GraphBackbone(24, hidden_channels=16, num_layers=2, heads=3, edge_dim=edge_dim).eval()
    gen = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for _ in range(100):
            x, edge_index, edge_attr = _random_graph(gen, 24, edge_dim)
            fast = backbone(x, edge_index, None, edge_attr)
            layers = backbone(x, edge_index, torch.zeros(x.size(0), dtype=torch.long), edge_attr)
            torch.testing.assert_close(fast, layers, rtol=1e-5, atol=1e-5)


@pytest.mark.skipif(not DEFAULT_POLICY.is_file(), reason="no shipped policy")
def test_one_graph_path_gives_the_shipped_policys_logits():
    from polyrl.api import load
    from polyrl.model.features import program_graph
    from polyrl.rl.checkpoint import load_policy

    model, _ = load_policy(DEFAULT_POLICY)
    model = model.eval()
    assert isinstance(model, ActorCritic)
    graphs = []
    for kernel, schedules in (("linear-algebra/blas/gemm/gemm.c", ("", "B1:I(1,2)", "B1:T2(1,2,8,8) B1:P(0)")),
                              ("stencils/jacobi-2d/jacobi-2d.c", ("", "B0:S(0,1,1)"))):
        prog = load(PB / kernel, defines={"MINI_DATASET": "1"}, include_dirs=[str(PB / "utilities")])
        for text in schedules:
            for focus in range(len(prog.apply(text).nest.branches())):
                graphs.append(program_graph(prog.scop, prog.apply(text).nest, focus_branch=focus))
    with torch.no_grad():
        for g in graphs:
            fast = model.policy(model.backbone(g.x, g.edge_index, None, g.edge_attr))
            layers = model.policy(model.backbone(g.x, g.edge_index, torch.zeros(g.num_nodes, dtype=torch.long),
                                                 g.edge_attr))
            torch.testing.assert_close(fast, layers, rtol=1e-5, atol=1e-5)


def test_training_mode_keeps_the_pyg_layers():
    backbone = GraphBackbone(8, hidden_channels=8, num_layers=1, heads=2, edge_dim=NUM_EDGE_TYPES, dropout=0.5).train()
    x, edge_index, edge_attr = _random_graph(torch.Generator().manual_seed(3), 8, NUM_EDGE_TYPES)
    out = backbone(x, edge_index, None, edge_attr)
    assert out.shape == (1, 8) and out.requires_grad


@pytest.mark.skipif(not DEFAULT_POLICY.is_file(), reason="no shipped policy")
def test_the_shipped_policy_reads_the_branch_it_works_on():
    """Only the policy's observations tag the focus branch (no cost model's graph does), so
    the record of columns seen must name it: a policy blind to it gives every branch of a
    program the same logits."""
    from polyrl.api import load
    from polyrl.model.features import BLOCK, program_graph
    from polyrl.rl.checkpoint import load_policy

    model, _ = load_policy(DEFAULT_POLICY)
    model = model.eval()
    assert model.backbone.x_seen[BLOCK["loop.focus"]].all()
    prog = load(PB / "linear-algebra/kernels/2mm/2mm.c", defines={"MINI_DATASET": "1"},
                include_dirs=[str(PB / "utilities")])
    with torch.no_grad():
        logits = [model(program_graph(prog.scop, focus_branch=b))[0] for b in range(2)]
    assert not torch.equal(logits[0], logits[1])
