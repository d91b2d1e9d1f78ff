"""Program graphs (polyrl.model.features) of real kernels, original and transformed."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import torch
from torch_geometric.loader import DataLoader

import polyrl.model.features as F
from polyrl.api import load
from polyrl.machine import CacheLevel
from polyrl.model.features import (
    ACCESS_WIDTH,
    BLOCK,
    FEATURE_BLOCKS,
    LOOP,
    MAX_ACCESSES,
    MAX_DEPTH,
    NODE_FEATURES,
    NUM_EDGE_TYPES,
    ROW_WIDTH,
    STATEMENT,
    program_graph,
)

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = str(PB / "utilities")
KERNELS = {
    "gemm": PB / "linear-algebra/blas/gemm/gemm.c",
    "atax": PB / "linear-algebra/kernels/atax/atax.c",
    "jacobi-2d": PB / "stencils/jacobi-2d/jacobi-2d.c",
    "trisolv": PB / "linear-algebra/solvers/trisolv/trisolv.c",
}
CACHES = (CacheLevel("L1", 32 << 10), CacheLevel("L2", 1 << 20), CacheLevel("L3", 32 << 20))


def kernel(name: str):
    return load(KERNELS[name], defines={"MINI_DATASET": "1"}, include_dirs=[UTIL])


@pytest.fixture(scope="module")
def gemm():
    return kernel("gemm")


def graph(prog, schedule: str = "", **kw):
    nest = prog.apply(schedule).nest if schedule else prog.model.original
    return program_graph(prog.scop, nest, caches=CACHES, **kw)


def col(name: str, k: int = 0) -> int:
    return BLOCK[name].start + k


def loop_row(g, name: str, nth: int = 0) -> torch.Tensor:
    rows = [i for i, n in enumerate(g.nodes) if n.kind == LOOP and n.name == name]
    return g.x[rows[nth]]


def test_layout_is_documented_and_fixed():
    assert NODE_FEATURES == sum(w for _, w in FEATURE_BLOCKS) == BLOCK[FEATURE_BLOCKS[-1][0]].stop
    assert ACCESS_WIDTH == 2 + F.MAX_ARRAY_DIMS * ROW_WIDTH
    assert BLOCK["stmt.reads"].stop - BLOCK["stmt.reads"].start == MAX_ACCESSES * ACCESS_WIDTH
    for name, _ in FEATURE_BLOCKS:
        assert f"| {name} |" in F.__doc__


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_graph_shape_on_real_kernels(name):
    prog = kernel(name)
    g = graph(prog, focus_branch=0)
    loops = sum(1 for _ in prog.model.original.walk())
    stmts = len(prog.scop.statements)
    assert g.x.shape == (loops + stmts, NODE_FEATURES)
    assert g.x.dtype == torch.float32 and torch.isfinite(g.x).all()
    assert (g.node_kind == STATEMENT).sum() == stmts
    # kind one-hot, and the other kind's blocks are zero
    assert torch.equal(g.x[:, col("kind", LOOP)] + g.x[:, col("kind", STATEMENT)], torch.ones(g.num_nodes))
    loop_cols = slice(BLOCK["loop.depth"].start, BLOCK["loop.strides"].stop)
    stmt_cols = slice(BLOCK["stmt.depth"].start, NODE_FEATURES)
    assert g.x[g.node_kind == STATEMENT][:, loop_cols].abs().sum() == 0
    assert g.x[g.node_kind == LOOP][:, stmt_cols].abs().sum() == 0
    # every tree edge has its reverse; types are in range
    assert g.edge_attr.shape == (g.num_edges, NUM_EDGE_TYPES)
    pairs = {(int(a), int(b), int(t)) for a, b, t in zip(*g.edge_index, g.edge_type, strict=True)}
    for a, b, t in pairs:
        assert (b, a, {0: 1, 1: 0, 2: 3, 3: 2}[t]) in pairs
    assert sum(1 for _, _, t in pairs if t == 0) == g.num_nodes - len(prog.model.original.children)
    # the same program gives the same graph
    assert torch.equal(graph(prog, focus_branch=0).x, g.x)


def test_batches_of_different_programs():
    graphs = [graph(kernel(n)) for n in sorted(KERNELS)]
    batch = next(iter(DataLoader(graphs, batch_size=len(graphs))))
    assert batch.x.shape == (sum(g.num_nodes for g in graphs), NODE_FEATURES)
    assert batch.num_graphs == len(graphs)


def test_parallel_flag_flips_only_its_feature(gemm):
    g0, g1 = graph(gemm), graph(gemm, "B1:P(0)")
    diff = (g0.x != g1.x).nonzero().tolist()
    assert diff == [[0, col("loop.parallel")]]  # loop i, the first node
    assert g1.x[0, col("loop.parallel")] == 1.0


def test_reversal(gemm):
    g0, g1 = graph(gemm), graph(gemm, "B1:R(0)")
    assert g0.x[0, col("loop.reversed")] == 0 and g1.x[0, col("loop.reversed")] == 1
    assert g1.x[0, col("loop.bounds", 0)] < 0 and g1.x[0, col("loop.bounds", 1)] == 0  # -(NI-1) .. 0
    assert g1.x[0, col("loop.bounds", 2)] == g0.x[0, col("loop.bounds", 2)]  # same trip count
    assert g1.x[0, col("loop.schedule", 0)] == -1


def test_tiling_adds_tile_loops_with_their_size(gemm):
    g0, g1 = graph(gemm), graph(gemm, "B1:T2(1,2,8,4)")
    assert g1.num_nodes == g0.num_nodes + 2
    kt, jt = loop_row(g1, "k_t"), loop_row(g1, "j_t")
    assert kt[col("loop.tile", 0)] == 1 and kt[col("loop.tile", 1)] == 3  # log2 8
    assert jt[col("loop.tile", 0)] == 1 and jt[col("loop.tile", 1)] == 2  # log2 4
    k = loop_row(g1, "k")
    assert k[col("loop.tile", 0)] == 0 and k[col("loop.tile", 2)] == 1  # point loop
    assert k[col("loop.bounds", 2)] == pytest.approx(math.log2(1 + 8))  # 8 iterations per tile
    nk = gemm.scop.param_values["_PB_NK"]
    assert kt[col("loop.bounds", 2)] == pytest.approx(math.log2(1 + math.ceil(nk / 8)))
    # the C[i][j] reuse carried by k comes back after one j tile instead of the whole j loop
    ws = col("loop.reuse", 1)
    assert loop_row(g1, "k")[ws] < loop_row(g0, "k")[ws]


def test_unroll_skew_and_focus(gemm):
    g = graph(gemm, "B1:S(1,2,1) B1:U(4)", focus_branch=1)
    j = loop_row(g, "j", 1)
    assert j[col("loop.unroll")] == 2
    assert j[col("loop.skew", 0)] == 1 and j[col("loop.skew", 1)] == 1
    assert j[col("loop.schedule", 1)] == 1 and j[col("loop.schedule", 2)] == 1  # k + j over (i, k, j)
    focus = [n.name for n, x in zip(g.nodes, g.x, strict=True) if x[col("loop.focus")] == 1]
    assert focus == ["i", "k", "j"]
    assert graph(gemm, focus_branch=0).x[:, col("loop.focus")].tolist()[:2] == [1.0, 1.0]


def test_divisions_and_calls_count_as_multiplications(gemm, monkeypatch):
    """No program the models learned from divides or calls (session 71): stmt.ops counts / and calls with *, their
    columns stay zero, and a program without them (gemm) gets the same graph as with the earlier counting."""
    from polyrl.ir import Binary, Call, walk

    trisolv = kernel("trisolv")
    g = graph(trisolv)
    rows = {n.name: x for n, x in zip(g.nodes, g.x, strict=True) if n.kind == STATEMENT}
    for s in trisolv.scop.statements:
        nodes = list(walk(s.rhs))
        mul = sum(isinstance(n, Binary) and n.op in ("*", "/") for n in nodes) + sum(isinstance(n, Call) for n in nodes)
        mul += s.op in ("*=", "/=")
        x = rows[s.name]
        assert x[col("stmt.ops", 2)] == pytest.approx(math.log2(1 + mul))
        assert x[col("stmt.ops", 3)] == 0 and x[col("stmt.ops", 4)] == 0
    assert any(isinstance(n, Binary) and n.op == "/" for s in trisolv.scop.statements for n in walk(s.rhs))
    before = graph(gemm).x
    monkeypatch.setattr(F, "FOLDED_OPS", F.UNFOLDED)  # the counting before session 71, on the same programs
    assert torch.equal(graph(gemm).x, before)
    earlier = graph(trisolv)
    assert sum(float(x[col("stmt.ops", 3)]) for n, x in zip(earlier.nodes, earlier.x, strict=True)
               if n.kind == STATEMENT) > 0


def test_statement_features(gemm):
    g = graph(gemm)
    s1 = g.x[[i for i, n in enumerate(g.nodes) if n.name == "S1"][0]]
    assert s1[col("stmt.reduction")] == 1
    assert s1[col("stmt.dtype", 0)] == 1  # double
    assert s1[col("stmt.ops", 0)] == 1 and s1[col("stmt.ops", 2)] == pytest.approx(math.log2(3))  # +=, two *
    assert s1[col("stmt.depth")] == 3 / MAX_DEPTH
    w = s1[BLOCK["stmt.write"]]
    # C[i][j] over S1's iterators (i, k, j)
    assert w[0] == 1 and w[1] == 1
    assert w[2:2 + ROW_WIDTH][:4].tolist() == [1, 1, 0, 0]
    assert w[2 + ROW_WIDTH:2 + 2 * ROW_WIDTH][:4].tolist() == [1, 0, 0, 1]
    reads = s1[BLOCK["stmt.reads"]].reshape(MAX_ACCESSES, ACCESS_WIDTH)
    assert reads[:, 0].tolist() == [1, 1, 1, 0, 0, 0, 0, 0]  # C, A, B (alpha: a constant, CONSTANT_SCALARS)
    a = reads[1]
    assert a[1] == 0  # not the written array
    assert a[2:2 + ROW_WIDTH][:4].tolist() == [1, 1, 0, 0]  # A[i][k]: row i
    assert a[2 + ROW_WIDTH:2 + 2 * ROW_WIDTH][:4].tolist() == [1, 0, 1, 0]  # row k
    s0 = g.x[[i for i, n in enumerate(g.nodes) if n.name == "S0"][0]]
    assert s0[col("stmt.reduction")] == 0  # C[i][j] *= beta touches each element once


def test_data_flow_edges(gemm):
    g = graph(gemm)
    s0, s1 = (next(i for i, n in enumerate(g.nodes) if n.name == s) for s in ("S0", "S1"))
    flows = {(int(a), int(b)) for a, b, t in zip(*g.edge_index, g.edge_type, strict=True) if t == 2}
    assert (s0, s1) in flows  # S0 writes C, S1 reads it


def test_transformed_graph_keeps_the_layout():
    prog = kernel("jacobi-2d")
    g = graph(prog, "B0:S(0,1,1) B0:U(4)")
    assert g.x.shape[1] == NODE_FEATURES
    assert not torch.equal(g.x, graph(prog).x)


def test_unroll_and_jam_marks_the_jammed_loop(gemm):
    g = graph(gemm, "B1:J(0,4)")
    jams = sorted(float(v) for v in g.x[g.node_kind == LOOP][:, col("loop.jam")])
    assert jams[-1] == 2.0 and jams[:-1] == [0.0] * (len(jams) - 1)  # one loop, log2(4)
    assert graph(gemm).x[:, col("loop.jam")].abs().sum() == 0


def test_vector_code_and_packing_mark_their_loops(gemm):
    g = graph(gemm, "B1:J(0,4) B1:V()")
    assert float(g.x[g.node_kind == LOOP][:, col("loop.vector")].sum()) == 1.0
    assert graph(gemm).x[:, col("loop.vector")].abs().sum() == 0
    packed = graph(gemm, "B1:T2(1,2,8,8) B1:K(2,1)")  # A (array 1) packed per iteration of the j tile loop
    assert float(packed.x[packed.node_kind == LOOP][:, col("loop.pack")].max()) == 1.0


def stmt_row(g, name: str) -> torch.Tensor:
    return g.x[next(i for i, n in enumerate(g.nodes) if n.name == name)]


def stride_triples(row: torch.Tensor, n: int) -> list[list[float]]:
    s = row[BLOCK["stmt.strides"]].reshape(1 + MAX_ACCESSES, 3)
    return [[round(float(v), 4) for v in t] for t in s[:n]]


def test_strides_follow_the_transformed_innermost_loop(gemm):
    """S1: C[i][j] += alpha * A[i][k] * B[k][j] (accesses C, C, A, B: alpha, read-only, is a
    constant). With j innermost, C and B are contiguous and A invariant; after interchanging
    k inward, A is contiguous, B moves by a row (NJ elements) per step and C stays put."""
    nj = gemm.scop.arrays["B"].dims[1]
    one, row = [1.0, 0.0, 1.0], [round(F.slog(nj), 4), 0.0, 0.0]
    still = [0.0, 1.0, 0.0]
    assert stride_triples(stmt_row(graph(gemm), "S1"), 4) == [one, one, still, one]
    assert stride_triples(stmt_row(graph(gemm, "B1:I(1,2)"), "S1"), 4) == [still, still, one, row]
    g = graph(gemm)
    j = loop_row(g, "j", 1)
    assert j[col("loop.innermost")] == 1 and loop_row(g, "k")[col("loop.innermost")] == 0
    # along j: A invariant (1), C twice and B contiguous (3); all four count
    assert j[BLOCK["loop.strides"]].tolist() == pytest.approx(
        [1.0, math.log2(4), 0.0, 0.0, 1.0])
    # along k: C twice invariant, A contiguous, B a row per step
    assert loop_row(g, "k")[BLOCK["loop.strides"]].tolist() == pytest.approx(
        [math.log2(3), 1.0, 0.0, 1.0, 0.75])


def test_strides_of_a_skewed_and_a_tiled_loop(gemm):
    """A skew changes which way the iterators move when a loop advances; a tile loop moves
    its point loop's stride times the tile size."""
    g = graph(gemm, "B1:S(1,2,1)")  # j' = k + j: advancing j' with k fixed moves j by one
    assert stride_triples(stmt_row(g, "S1"), 4)[3] == [1.0, 0.0, 1.0]
    # advancing k with j' fixed moves k by one and j by minus one: C[i][j] (twice) and
    # A[i][k] are contiguous, B[k][j] moves NJ - 1 elements (long)
    assert gemm.scop.arrays["B"].dims[1] - 1 > F.SHORT_STRIDE
    k = loop_row(g, "k")
    assert k[BLOCK["loop.strides"]].tolist() == pytest.approx([0.0, 2.0, 0.0, 1.0, 0.75])
    t = graph(gemm, "B1:T2(1,2,8,4)")
    jt = loop_row(t, "j_t")
    # along j_t (4 j's per step): C twice and B move 4 elements (short), A stays
    assert jt[BLOCK["loop.strides"]].tolist() == pytest.approx([1.0, 0.0, math.log2(4), 0.0, 0.25])


def test_a_loop_span_with_rational_extremes_falls_back_to_the_bounds(tmp_path):
    """A skewed, tiled, jammed and packed state of a generated program (`polyrl generate
    --seed 11 --scale 8`, program 98, met in PPO): isl's greatest and least values of one
    loop have a piece with rational coefficients, which isl cannot maximise. The graph
    still builds, that loop's span being its bounds' difference."""
    from polyrl.generate.corpus import program_seed
    from polyrl.generate.program import generate_program

    path = tmp_path / "prog_000098.c"
    path.write_text(generate_program(program_seed(11, 98), scale=8).c_text())
    prog = load(path)
    nest = prog.apply("B0:V() B0:T2(0,1,64,128) B0:I(0,1) B0:S(1,2,1) B0:J2(1,2,4,4) B0:K(1,1) B0:K(2,2) "
                      "B0:K(2,3) B0:KT(1,0)").nest
    geometry = F.LoopGeometry(prog.scop, nest, prog.scop.param_values)
    loops = dict(nest.walk())
    path6 = (0, 0, 0, 0, 0, 0)
    lo, hi, trip = geometry.bounds(loops[path6], len(path6) - 1)
    assert trip == hi - lo + 1 > 0
    g = program_graph(prog.scop, nest)
    assert torch.isfinite(g.x).all()


SCALED = """#define N 400
double A[N][N], x[N];
double alpha = 0.125;
void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x[i] = x[i] + CONSTANT * A[i][j];
#pragma endscop
}
"""


def test_a_read_only_scalar_is_a_constant_in_the_graph(tmp_path, monkeypatch):
    """A scalar the scop reads and never writes (alpha) is left out of the statement's
    accesses, as the literal it holds would be (CONSTANT_SCALARS); with it off, it is a read."""
    graphs = {}
    for constants in (True, False):
        monkeypatch.setattr(F, "CONSTANT_SCALARS", constants)
        for name, c in (("literal", "0.125"), ("scalar", "alpha")):
            path = tmp_path / f"{name}.c"
            path.write_text(SCALED.replace("CONSTANT", c))
            graphs[constants, name] = program_graph(load(path).scop, caches=CACHES)
    assert torch.equal(graphs[True, "literal"].x, graphs[True, "scalar"].x)
    assert torch.equal(graphs[True, "literal"].x, graphs[False, "literal"].x)  # no scalar: nothing changes
    assert not torch.equal(graphs[False, "literal"].x, graphs[False, "scalar"].x)
    s = graphs[False, "scalar"].x[[i for i, n in enumerate(graphs[False, "scalar"].nodes) if n.name == "S0"][0]]
    assert s[BLOCK["stmt.reads"]].reshape(MAX_ACCESSES, ACCESS_WIDTH)[:, 0].tolist()[:4] == [1, 1, 1, 0]  # x, alpha, A
