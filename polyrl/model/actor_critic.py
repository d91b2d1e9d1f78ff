"""The actor-critic of the seed design (Pearl, section 4.4): the shared GraphBackbone, a
policy head MLP (128, 128, 123) and a value head MLP (128, 128, 1), SELU between layers,
and the masked categorical distribution the policy samples from.

The backbone and the value head can start from a pretrained cost model
(`from_costmodel`: its backbone, and its head, which has the value head's shape); the
policy head always starts fresh. Owns the layers only; PPO is polyrl.rl.ppo.
"""

from __future__ import annotations

from pathlib import Path

import torch
from torch import Tensor, nn
from torch.distributions import Categorical
from torch_geometric.data import Batch, Data

from polyrl.model.backbone import GraphBackbone, mlp_head
from polyrl.model.features import NODE_FEATURES, NUM_EDGE_TYPES

NUM_ACTIONS = 123  # polyrl.rl.actions.NUM_ACTIONS; the model does not import the RL package


class MaskedCategorical(Categorical):
    """A categorical over the actions `mask` allows: masked logits are set to the dtype's
    most negative value before the softmax, so their probability is exactly 0, and the
    entropy sums over the allowed actions only (0 * log 0 would otherwise be NaN)."""

    def __init__(self, logits: Tensor, mask: Tensor):
        mask = mask.to(torch.bool)
        if not bool(mask.any(dim=-1).all()):
            raise ValueError("every row of the mask must allow at least one action")
        self.mask = mask
        super().__init__(logits=logits.masked_fill(~mask, torch.finfo(logits.dtype).min))

    def entropy(self) -> Tensor:
        p_log_p = self.probs * self.logits  # self.logits are normalised log-probabilities
        return -torch.where(self.mask, p_log_p, torch.zeros_like(p_log_p)).sum(-1)


class ActorCritic(nn.Module):
    """Graph batch -> (action logits [graphs, num_actions], state value [graphs])."""

    def __init__(self, in_channels: int = NODE_FEATURES, edge_dim: int | None = NUM_EDGE_TYPES,
                 hidden_channels: int = 128, num_layers: int = 2, heads: int = 4, num_actions: int = NUM_ACTIONS,
                 dropout: float = 0.0):
        super().__init__()
        self.hparams = dict(in_channels=in_channels, edge_dim=edge_dim, hidden_channels=hidden_channels,
                            num_layers=num_layers, heads=heads, num_actions=num_actions, dropout=dropout)
        self.backbone = GraphBackbone(in_channels, hidden_channels, num_layers, heads, edge_dim=edge_dim,
                                      dropout=dropout)
        width = self.backbone.out_channels
        self.policy = mlp_head(width, (hidden_channels, hidden_channels, num_actions))
        self.value = mlp_head(width, (hidden_channels, hidden_channels, 1))
        self.reset_heads()

    def reset_heads(self) -> None:
        for head in (self.policy, self.value):
            for layer in head:
                if isinstance(layer, nn.Linear):
                    # LeCun normal, as in the backbone, keeps SELU activations self-normalising
                    nn.init.kaiming_normal_(layer.weight, nonlinearity="linear")
                    nn.init.zeros_(layer.bias)
        # a near-uniform first policy: every legal action gets explored
        last = self.policy[-1]
        nn.init.normal_(last.weight, std=0.01)

    def forward(self, data: Data | Batch) -> tuple[Tensor, Tensor]:
        h = self.backbone(data.x, data.edge_index, getattr(data, "batch", None), getattr(data, "edge_attr", None))
        return self.policy(h), self.value(h).squeeze(-1)

    def distribution(self, data: Data | Batch, mask: Tensor) -> tuple[MaskedCategorical, Tensor]:
        """The masked policy and the value of each graph; `mask` is bool [graphs, num_actions]."""
        logits, value = self(data)
        return MaskedCategorical(logits, mask.reshape(logits.shape)), value

    @classmethod
    def from_costmodel(cls, path: str | Path, **kwargs) -> ActorCritic:
        """An actor-critic shaped like a pretrained cost model, with its backbone and its
        head (as the value head) taken from the model's best weights; the policy head
        starts fresh."""
        from polyrl.model.costmodel import best_weights, read_checkpoint

        ckpt = read_checkpoint(path)
        hp = ckpt["hparams"]
        model = cls(in_channels=hp["in_channels"], edge_dim=hp["edge_dim"], hidden_channels=hp["hidden_channels"],
                    num_layers=hp["num_layers"], heads=hp["heads"], **kwargs)
        state = best_weights(ckpt)
        for part, module in (("backbone.", model.backbone), ("head.", model.value)):
            module.load_state_dict({k.removeprefix(part): v for k, v in state.items() if k.startswith(part)})
        return model
