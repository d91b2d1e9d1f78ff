"""The actor-critic (polyrl.model.actor_critic): shapes on a graph batch, the masked
distribution, and initialisation from a cost-model checkpoint."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch import nn
from torch_geometric.data import Batch

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.model.actor_critic import NUM_ACTIONS, ActorCritic, MaskedCategorical
from polyrl.model.costmodel import CHECKPOINT_FORMAT, CHECKPOINT_VERSION, FEATURES_KEY, CostModel
from polyrl.model.features import program_graph
from polyrl.rl import actions

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"


def save_costmodel(model: CostModel, path: Path) -> None:
    """A checkpoint in `polyrl pretrain`'s format (only the fields readers use)."""
    torch.save({"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION, "features": FEATURES_KEY,
                "hparams": model.hparams, "model": model.state_dict(), "best_model": model.state_dict(),
                "target": {"mean": -8.0, "std": 1.5}}, path)


@pytest.fixture(scope="module")
def graphs():
    prog = load(PB / "linear-algebra/blas/gemm/gemm.c", defines={"MINI_DATASET": "1"}, include_dirs=[str(PB / "utilities")])
    return [program_graph(prog.scop, prog.apply(s).nest, focus_branch=b)
            for s, b in (("", 0), ("B0:I(0,1)", 1), ("B1:T2(1,2,8,8)", 1))]


def test_heads_follow_the_seed_design():
    model = ActorCritic()
    assert model.hparams["num_actions"] == NUM_ACTIONS == actions.NUM_ACTIONS
    linear = [m.out_features for m in model.policy if isinstance(m, nn.Linear)]
    assert linear == [128, 128, 123]
    assert [m.out_features for m in model.value if isinstance(m, nn.Linear)] == [128, 128, 1]
    assert sum(isinstance(m, nn.SELU) for m in model.policy) == 2


def test_forward_on_a_batch_of_graphs(graphs):
    torch.manual_seed(0)
    model = ActorCritic()
    batch = Batch.from_data_list(graphs)
    logits, value = model(batch)
    assert logits.shape == (3, NUM_ACTIONS) and value.shape == (3,)
    single_logits, single_value = model(graphs[1])
    assert torch.allclose(single_logits[0], logits[1], atol=1e-5)
    mask = torch.zeros(3, NUM_ACTIONS, dtype=torch.bool)
    mask[:, [3, 20, 55]] = True
    dist, _ = model.distribution(batch, mask)
    (dist.log_prob(torch.tensor([3, 20, 55])).sum() + value.sum()).backward()
    assert all(p.grad is not None for p in model.backbone.parameters() if p.requires_grad)


def test_masked_categorical_never_samples_a_masked_action():
    torch.manual_seed(1)
    logits = torch.randn(4, NUM_ACTIONS) * 5
    mask = torch.rand(4, NUM_ACTIONS) < 0.2
    mask[:, 55] = True
    dist = MaskedCategorical(logits, mask)
    assert torch.all(dist.probs[~mask] == 0)
    samples = dist.sample((500,))
    assert bool(mask.gather(1, samples.T).all())
    assert torch.allclose(dist.probs.sum(-1), torch.ones(4))
    with pytest.raises(ValueError):
        MaskedCategorical(logits, torch.zeros(4, NUM_ACTIONS, dtype=torch.bool))


def test_backbone_and_value_head_initialised_from_a_costmodel(tmp_path, graphs):
    torch.manual_seed(2)
    cm = CostModel()
    path = tmp_path / "cm.pt"
    save_costmodel(cm, path)
    model = ActorCritic.from_costmodel(path)
    for (k, v), (k2, v2) in zip(cm.backbone.state_dict().items(), model.backbone.state_dict().items(), strict=True):
        assert k == k2 and torch.equal(v, v2)
    # the same embedding, so the cost model's head reads it as before
    with torch.no_grad():
        h = model.backbone(graphs[0].x, graphs[0].edge_index, None, graphs[0].edge_attr)
        assert torch.allclose(cm.head(h).squeeze(-1), cm(graphs[0]))
        # the value head is the cost model's head: the critic starts as the cost model
        assert torch.allclose(model(graphs[0])[1], cm(graphs[0]))
    torch.save({"format": "something-else"}, tmp_path / "bad.pt")
    with pytest.raises(PolyrlError, match="not a polyrl cost-model"):
        ActorCritic.from_costmodel(tmp_path / "bad.pt")
