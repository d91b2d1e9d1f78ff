"""The graph backbone shared by the cost model and the actor-critic (Pearl's design).

`num_layers` GATv2 layers (multi-head attention; each layer's concatenated heads are
projected back to `hidden_channels`), a readout per layer that concatenates mean and max
pooling over each graph's nodes, the readouts of all layers concatenated, then an MLP
with SELU activations. Configured entirely by constructor arguments, like PyG's
BasicGNN models; `reset_parameters()` re-initialises every layer. Node features are
standardized with the training data's mean and deviation; a column that data never made
vary is read at its mean (`GraphBackbone.standardized`), so an input no training taught
does not reach the network as thousands of standard deviations.

    backbone = GraphBackbone(NODE_FEATURES, edge_dim=NUM_EDGE_TYPES)
    h = backbone(batch.x, batch.edge_index, batch.batch, batch.edge_attr)  # [graphs, out_channels]
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator
from pathlib import Path

import torch
from torch import Tensor, nn
from torch_geometric.nn import GATv2Conv, global_max_pool, global_mean_pool

from polyrl.errors import PolyrlError

STD_FLOOR = 1e-3  # the least standard deviation a column is scaled by
SEEN_COLUMNS = Path(__file__).with_name("weights") / "seen-columns.json"


def varying(x: Tensor) -> Tensor:
    """The columns of `x` [rows, columns] that take more than one value."""
    if x.size(0) == 0:
        return torch.zeros(x.size(1), dtype=torch.bool)
    return x.amax(0) > x.amin(0)


@functools.cache
def _reference(width: int) -> tuple[int, ...]:
    saved = json.loads(SEEN_COLUMNS.read_text())
    if saved["width"] != width:
        raise PolyrlError(f"{SEEN_COLUMNS.name} is for {saved['width']}-wide node features, not {width}",
                          str(SEEN_COLUMNS))
    return tuple(saved["columns"])


def reference_seen(width: int) -> Tensor:
    """The columns that generated programs make vary (SEEN_COLUMNS: the record kept for
    weights saved without their own)."""
    seen = torch.zeros(width, dtype=torch.bool)
    seen[list(_reference(width))] = True
    return seen


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
        # the columns the training data made vary; any other is read at its mean (`standardized`)
        self.register_buffer("x_seen", torch.ones(in_channels, dtype=torch.bool))
        self.reset_parameters()

    def set_input_scaling(self, x: Tensor) -> None:
        """Standardize inputs with the mean and standard deviation of the node features
        `x` [nodes, in_channels] (constant columns are only shifted), and take the
        columns that vary in `x` as the ones seen."""
        self.x_mean.copy_(x.mean(0))
        self.x_std.copy_(x.std(0).nan_to_num(1.0).clamp_min(STD_FLOOR))
        self.x_seen.copy_(varying(x))

    def record_seen(self, x: Tensor) -> None:
        """Add the columns that vary in the node features `x` (a fine-tune's data) to the
        ones seen, each new one scaled by its spread in `x` about the mean kept.

        A column not seen before was constant in the data that set the scaling, its
        deviation at STD_FLOOR: kept, the fine-tune would read its values as thousands of
        standard deviations through first-layer weights no data ever moved (session 80's
        first Z80 started at a training loss of 35). Its mean stays, so the programs the
        model learned from read it as before (0); the root mean square of `x` about that
        mean becomes its deviation."""
        new = varying(x) & ~self.x_seen
        self.x_std[new] = (x[:, new] - self.x_mean[new]).square().mean(0).sqrt().clamp_min(STD_FLOOR)
        self.x_seen |= new

    def _load_from_state_dict(self, state_dict, prefix, *args, **kwargs):
        # weights saved before `x_seen` existed (every model shipped until session 79): the
        # columns their scaling saw vary, and those that generated programs make vary
        # (seen-columns.json), the most any of their training data can have shown
        key = prefix + "x_seen"
        if key not in state_dict and prefix + "x_std" in state_dict:
            state_dict[key] = (state_dict[prefix + "x_std"] > STD_FLOOR) | reference_seen(self.in_channels)
        super()._load_from_state_dict(state_dict, prefix, *args, **kwargs)

    def standardized(self, x: Tensor) -> Tensor:
        """The node features as the first layer reads them: standardized, and 0 (the
        training mean) in every column not seen.

        A column that was constant in the data that set the scaling has its deviation at
        STD_FLOOR, so any other value in it reached the network as a thousand standard
        deviations: PolyBench's parametric subscripts (`corr[M-1][M-1]`), first reads at a
        constant offset and int statements did, and moved the models' predictions by factors of e^10
        (session 71) to a response no training taught (session 79, decide79.md)."""
        return torch.where(self.x_seen, (x - self.x_mean) / self.x_std, 0.0)

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
        h = self.standardized(x)
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
        h = self.standardized(x)
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
