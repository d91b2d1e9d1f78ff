"""The graph backbone shared by the cost model and the actor-critic (Pearl's design).

`num_layers` GATv2 layers (multi-head attention; each layer's concatenated heads are
projected back to `hidden_channels`), a readout per layer that concatenates mean and max
pooling over each graph's nodes, the readouts of all layers concatenated, then an MLP
with SELU activations. Configured entirely by constructor arguments, like PyG's
BasicGNN models; `reset_parameters()` re-initialises every layer.

    backbone = GraphBackbone(NODE_FEATURES, edge_dim=NUM_EDGE_TYPES)
    h = backbone(batch.x, batch.edge_index, batch.batch, batch.edge_attr)  # [graphs, out_channels]
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch
from torch import Tensor, nn
from torch_geometric.nn import GATv2Conv, global_max_pool, global_mean_pool


class GraphBackbone(nn.Module):
    """Graph -> vector of `out_channels` features (h_G in the Pearl paper).

    Args:
        in_channels: width of the node features.
        hidden_channels: width of every GATv2 head and of the MLP's hidden layers.
        num_layers: GATv2 layers (message-passing steps).
        heads: attention heads per layer.
        out_channels: width of the graph embedding (default hidden_channels).
        mlp_layers: linear layers of the final MLP (each followed by SELU).
        edge_dim: width of `edge_attr` (None: edges carry no attributes).
        dropout: dropout on the attention coefficients and in the MLP.
    """

    def __init__(
        self,
        in_channels: int,
        hidden_channels: int = 128,
        num_layers: int = 2,
        heads: int = 4,
        out_channels: int | None = None,
        mlp_layers: int = 2,
        edge_dim: int | None = None,
        dropout: float = 0.0,
    ):
        super().__init__()
        if num_layers < 1 or mlp_layers < 1:
            raise ValueError("num_layers and mlp_layers must be >= 1")
        self.in_channels = in_channels
        self.hidden_channels = hidden_channels
        self.num_layers = num_layers
        self.heads = heads
        self.out_channels = out_channels if out_channels is not None else hidden_channels
        self.edge_dim = edge_dim
        self.dropout = dropout

        self.convs = nn.ModuleList()
        self.projections = nn.ModuleList()
        width = in_channels
        for _ in range(num_layers):
            self.convs.append(GATv2Conv(width, hidden_channels, heads=heads, concat=True, edge_dim=edge_dim,
                                        dropout=dropout))
            self.projections.append(nn.Linear(heads * hidden_channels, hidden_channels))
            width = hidden_channels

        layers: list[nn.Module] = []
        width = 2 * hidden_channels * num_layers  # mean and max readout of every layer
        for k in range(mlp_layers):
            last = k == mlp_layers - 1
            layers.append(nn.Linear(width, self.out_channels if last else hidden_channels))
            layers.append(nn.SELU())
            if dropout and not last:
                layers.append(nn.AlphaDropout(dropout))
            width = hidden_channels
        self.mlp = nn.Sequential(*layers)
        self.act = nn.SELU()
        # node features are standardized with these before the first layer (set from the
        # training data by `set_input_scaling`; raw log sizes reach 20-30, which SELU
        # layers fit poorly), and saved with the weights
        self.register_buffer("x_mean", torch.zeros(in_channels))
        self.register_buffer("x_std", torch.ones(in_channels))
        self.reset_parameters()

    def set_input_scaling(self, x: Tensor) -> None:
        """Standardize inputs with the mean and standard deviation of the node features
        `x` [nodes, in_channels] (constant columns are only shifted)."""
        self.x_mean.copy_(x.mean(0))
        self.x_std.copy_(x.std(0).nan_to_num(1.0).clamp_min(1e-3))

    def reset_parameters(self) -> None:
        for conv in self.convs:
            conv.reset_parameters()
        for proj in self.projections:
            proj.reset_parameters()
        for layer in self.mlp:
            if isinstance(layer, nn.Linear):
                # LeCun normal keeps SELU activations self-normalising
                nn.init.kaiming_normal_(layer.weight, nonlinearity="linear")
                nn.init.zeros_(layer.bias)

    def forward(self, x: Tensor, edge_index: Tensor, batch: Tensor | None = None,
                edge_attr: Tensor | None = None) -> Tensor:
        if self.edge_dim is None:
            edge_attr = None
        if batch is None and not self.training:
            return self._one_graph(x, edge_index, edge_attr)
        if batch is None:
            batch = torch.zeros(x.size(0), dtype=torch.long, device=x.device)
        readouts = []
        h = (x - self.x_mean) / self.x_std
        for conv, proj in zip(self.convs, self.projections, strict=True):
            h = self.act(proj(conv(h, edge_index, edge_attr=edge_attr)))
            readouts.append(global_mean_pool(h, batch))
            readouts.append(global_max_pool(h, batch))
        return self.mlp(torch.cat(readouts, dim=-1))

    def _one_graph(self, x: Tensor, edge_index: Tensor, edge_attr: Tensor | None) -> Tensor:
        """`forward` of one graph in eval mode, in plain torch operations: what the GATv2Conv
        layers and pooling compute (self-loops whose attributes are the mean of the node's
        incoming ones, attention softmax over each node's incoming edges, sum of the
        messages), without their per-call dispatch, which took half the time of a policy
        step on program graphs of tens of nodes. The logits agree to float rounding."""
        linear = nn.functional.linear  # the layers' own modules add a dispatch per call
        n = x.size(0)
        keep = edge_index[0] != edge_index[1]  # remove_self_loops, then a loop per node
        src, dst = edge_index[0][keep], edge_index[1][keep]
        loops = torch.arange(n, device=x.device)
        if edge_attr is not None:
            edge_attr = edge_attr[keep]
            if edge_attr.dim() == 1:
                edge_attr = edge_attr.view(-1, 1)
            incoming = edge_attr.new_zeros((n, edge_attr.size(1))).index_add_(0, dst, edge_attr)
            count = edge_attr.new_zeros(n).index_add_(0, dst, edge_attr.new_ones(dst.numel()))
            edge_attr = torch.cat([edge_attr, incoming / count.clamp(min=1).unsqueeze(1)])
        src, dst = torch.cat([src, loops]), torch.cat([dst, loops])
        readouts = []
        h = (x - self.x_mean) / self.x_std
        for conv, proj in zip(self.convs, self.projections, strict=True):
            heads, width = conv.heads, conv.out_channels
            x_l = linear(h, conv.lin_l.weight, conv.lin_l.bias).view(-1, heads, width)
            x_r = linear(h, conv.lin_r.weight, conv.lin_r.bias).view(-1, heads, width)
            x_src = x_l.index_select(0, src)  # each edge's source features (the messages' too)
            e = x_src + x_r.index_select(0, dst)
            if edge_attr is not None and conv.lin_edge is not None:
                e = e + linear(edge_attr, conv.lin_edge.weight, conv.lin_edge.bias).view(-1, heads, width)
            score = (nn.functional.leaky_relu(e, conv.negative_slope) * conv.att).sum(dim=-1)  # [edges, heads]
            index = dst.unsqueeze(1).expand_as(score)
            top = score.new_zeros((n, heads)).scatter_reduce_(0, index, score, reduce="amax", include_self=False)
            weight = (score - top.index_select(0, dst)).exp()
            total = score.new_zeros((n, heads)).index_add_(0, dst, weight) + 1e-16
            alpha = weight / total.index_select(0, dst)
            out = x_l.new_zeros((n, heads, width)).index_add_(0, dst, x_src * alpha.unsqueeze(-1))
            out = out.view(n, heads * width)
            if conv.bias is not None:
                out = out + conv.bias
            h = nn.functional.selu(linear(out, proj.weight, proj.bias))
            readouts.append(h.mean(dim=0, keepdim=True))
            readouts.append(h.max(dim=0, keepdim=True).values)
        return apply_layers(self.mlp, torch.cat(readouts, dim=-1))

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self.in_channels}, hidden={self.hidden_channels}, "
                f"layers={self.num_layers}, heads={self.heads}, out={self.out_channels}, edge_dim={self.edge_dim})")


def mlp_head(width: int, sizes: tuple[int, ...]) -> nn.Sequential:
    """Linear layers of the given output sizes on a `width`-wide input, SELU between them
    (the heads of the cost model and the actor-critic)."""
    layers: list[nn.Module] = []
    for k, size in enumerate(sizes):
        layers.append(nn.Linear(width, size))
        if k < len(sizes) - 1:
            layers.append(nn.SELU())
        width = size
    return nn.Sequential(*layers)


def apply_layers(layers: nn.Sequential, x: Tensor) -> Tensor:
    """`layers(x)`, its Linear and SELU layers applied as the functions their modules call
    (the same operations and gradients, without a module dispatch per layer: a tenth of a
    millisecond per policy step); any other layer is called as it is."""
    for layer in layers:
        if type(layer) is nn.Linear:
            x = nn.functional.linear(x, layer.weight, layer.bias)
        elif type(layer) is nn.SELU:
            x = nn.functional.selu(x, layer.inplace)
        else:
            x = layer(x)
    return x


@contextlib.contextmanager
def torch_threads(n: int | None) -> Iterator[None]:
    """Run torch with `n` intra-op threads for the duration (None: leave it alone)."""
    if n is None:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(n)
    try:
        yield
    finally:
        torch.set_num_threads(before)
