"""The affine scheduler as an action (polyrl.poly.affine, `A(f)`): isl's schedule becomes
the loop tree the other actions work on, every result passes the exact legality check,
and the programs it makes compute what the originals compute (real isl, real gcc, real
runs)."""

from __future__ import annotations

from pathlib import Path

import islpy as isl
import pytest

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.poly.legality import is_legal
from polyrl.poly.macros import PROFILES, macro_schedule
from polyrl.poly.schedule import Schedule
from polyrl.runtime import Toolchain

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = PB / "utilities"
AFFINE_TILE = next(p for p in PROFILES if p.name == "affine-tile")


def sized(rel: str, dataset: str = "MINI"):
    return load(PB / rel, defines={f"{dataset}_DATASET": "1"}, include_dirs=[str(UTIL)])


def toolchain(dataset: str = "MINI") -> Toolchain:
    return Toolchain(flags=("-O3", "-march=native", "-fopenmp", f"-D{dataset}_DATASET", f"-I{UTIL.resolve()}"),
                     threads=2)


def test_fusion_policies_on_gemm_and_the_loops_isl_gives():
    program = sized("linear-algebra/blas/gemm/gemm.c")
    assert len(program.model.original.branches()) == 2  # C *= beta, then the product
    separate = program.apply("B0:A(0)").nest
    fused = program.apply("B0:A(1)").nest
    assert len(separate.branches()) == 2
    # smart fusion puts C *= beta into the product's band, at the first k
    assert len(fused.branches()) == 1
    loops = fused.loops_on(fused.branches()[0])
    assert [str(loop.exprs["S1"]).split("->")[-1].strip(" }") for loop in loops] == ["[(i)]", "[(j)]", "[(k)]"]
    assert str(loops[2].exprs["S0"]).split("->")[-1].strip(" }") == "[(0)]"
    result = program.apply("B0:A(1) B0:I(1,2) B0:P(0)").run(toolchain(), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_jacobi_stencil_gets_a_skewed_fused_band_and_the_pluto_form_verifies():
    program = sized("stencils/jacobi-2d/jacobi-2d.c")
    nest = program.apply("B0:A(1)").nest
    assert len(nest.branches()) == 1  # both sweeps fused under one time loop
    inner = nest.loops_on(nest.branches()[0])
    assert "2t" in str(inner[1].exprs["S0"])  # the space loops skewed by time
    # (at MEDIUM: MINI's wavefronts hold too little work to run in parallel, and at LARGE
    # each sweep's rows run in parallel at every step instead, test_macros)
    schedule = macro_schedule(sized("stencils/jacobi-2d/jacobi-2d.c", "MEDIUM").model, AFFINE_TILE)
    # isl's band is tileable as it is: tiled with no skew of ours, then a wavefront of tiles
    # (no fusion: the two sweeps are one strongly connected component, fused all the same)
    assert str(schedule).split()[:5] == ["B0:A(0)", "B0:T3(0,1,2,32,32,32)", "B0:S(0,1,1)", "B0:I(0,1)",
                                         "B0:P(1)"]
    result = program.apply(schedule).run(toolchain(), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


@pytest.mark.parametrize("kernel", ["datamining/correlation/correlation.c", "linear-algebra/kernels/2mm/2mm.c",
                                    "stencils/seidel-2d/seidel-2d.c"])
def test_every_fusion_and_the_pluto_form_compute_what_the_original_computes(kernel):
    program = sized(kernel)
    texts = {"B0:A(0)", "B0:A(1)", "B0:A(2)", str(macro_schedule(program.model, AFFINE_TILE))}
    for text in texts:
        assert is_legal(program.model, Schedule.parse(text)), text
        result = program.apply(text).run(toolchain(), repeat=1)
        assert result.new.status == "ok" and result.verified is True, (text, result.new.detail)


def test_the_scheduler_is_a_first_action_on_branch_zero_with_a_known_fusion():
    program = sized("linear-algebra/blas/gemm/gemm.c")
    with pytest.raises(PolyrlError, match="first action"):
        program.apply("B0:P(0) B0:A(1)")
    with pytest.raises(PolyrlError, match="B0:A"):
        program.apply("B1:A(1)")
    with pytest.raises(PolyrlError, match="fusion must be 0"):
        Schedule.parse("B0:A(4)")
    # isl's schedule is legal by construction, and the check says so
    assert is_legal(program.model, Schedule.parse("B0:A(2)"))
    assert is_legal(program.model, Schedule.parse("B0:A(3)"))


def test_a_recurrence_that_isl_leaves_as_written_gets_no_affine_step(tmp_path: Path):
    src = tmp_path / "recurrence.c"
    src.write_text("""#define N 1000
double x[N];
void kernel(void)
{
  int i;
#pragma scop
  for (i = 1; i < N; i++)
    x[i] = x[i - 1] * 0.5 + 1.0;
#pragma endscop
}
""")
    # A(1) changes nothing here: the affine profiles plan without it (and find nothing)
    assert str(macro_schedule(load(src).model, AFFINE_TILE)) == ""


def test_the_pluto_form_orders_loops_inside_the_tiles_and_runs_a_wavefront_of_tiles():
    # lu: no tile loop of isl's band is parallel, so the tiles run as a wavefront (as
    # Pluto's do); the innermost point loop is chosen inside the tiles, the tile loops
    # keep isl's order
    program = sized("linear-algebra/solvers/lu/lu.c", "MEDIUM")
    w = str(macro_schedule(program.model, AFFINE_TILE)).split()
    assert w[:3] == ["B0:A(0)", "B0:T3(0,1,2,32,32,32)", "B0:I(4,5)"]
    assert w[3:6] == ["B0:S(0,1,1)", "B0:I(0,1)", "B0:P(1)"]
    result = program.apply(" ".join(w)).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail
    # gemm: C *= beta stays a nest of its own (no fusion); the product's tile loops stay
    # i, j, k (isl's order) and j, the unit-stride loop, becomes the innermost point loop;
    # the outer tile loop runs in parallel
    gemm = sized("linear-algebra/blas/gemm/gemm.c", "MEDIUM")
    w = str(macro_schedule(gemm.model, AFFINE_TILE)).split()
    assert w[0] == "B0:A(0)" and w[-1] == "B1:V()"
    assert [a for a in w if a.startswith("B1:")][:3] == ["B1:T3(0,1,2,32,32,32)", "B1:I(4,5)", "B1:P(0)"]


def _innermost_loop_bodies(text: str) -> list[str]:
    """The bodies of the `for` loops of emitted C that hold no other loop."""
    bodies, lines = [], text.splitlines()
    for k, line in enumerate(lines):
        if line.lstrip().startswith("for ("):
            depth, body = 0, []
            for inner in lines[k:]:
                depth += inner.count("{") - inner.count("}")
                body.append(inner)
                if depth == 0:
                    break
            if not any(b.lstrip().startswith("for (") for b in body[1:]):
                bodies.append("\n".join(body[1:]))
    return bodies


def test_the_separated_ast_is_the_one_building_both_would_choose(monkeypatch: pytest.MonkeyPatch):
    # _separated_ast builds the plain AST only when the separated one could have grown past
    # SEPARATE_GROWTH; the AST it keeps is the one the rule picks with both built
    import polyrl.codegen as codegen

    calls = []
    real = codegen._separated_ast

    def spy(build, schedule, ndim):
        node = real(build, schedule, ndim)
        calls.append((build, schedule, ndim, node.to_C_str()))
        return node

    monkeypatch.setattr(codegen, "_separated_ast", spy)
    jacobi = sized("stencils/jacobi-2d/jacobi-2d.c", "MEDIUM")
    gemm = sized("linear-algebra/blas/gemm/gemm.c", "MEDIUM")
    texts = [jacobi.apply(macro_schedule(jacobi.model, AFFINE_TILE)).region_text,
             gemm.apply("B1:T3(0,1,2,32,32,32) B1:I(4,5)").region_text]
    assert all("for (" in t for t in texts)
    assert len(calls) >= 2
    kept = 0
    for build, schedule, ndim, text in calls:
        if ndim < 3:
            continue
        dims = ", ".join(f"t{k}" for k in range(ndim))
        options = isl.UnionMap.read_from_str(build.get_ctx(), f"{{ [{dims}] -> separate[x] : x = {ndim - 2} }}")
        separated = build.set_options(options).node_from_schedule_map(schedule)
        plain = build.node_from_schedule_map(schedule)
        grows = len(codegen._users(separated)) > codegen.SEPARATE_GROWTH * len(codegen._users(plain))
        assert text == (plain if grows else separated).to_C_str()
        kept += not grows
    assert kept >= 1


def test_the_innermost_loop_of_a_time_tiled_wavefront_runs_its_statements_without_guards():
    # jacobi-2d's two sweeps, skewed and fused under the time tiles, start and stop one
    # point apart along the innermost loop: codegen separates that loop (SEPARATE_GROWTH),
    # so the range both run over is one loop with no test per iteration
    import polyrl.codegen as codegen

    program = sized("stencils/jacobi-2d/jacobi-2d.c", "MEDIUM")
    schedule = macro_schedule(program.model, AFFINE_TILE)
    separated = program.apply(schedule).region_text
    growth, codegen.SEPARATE_GROWTH = codegen.SEPARATE_GROWTH, 0
    try:
        plain = program.apply(schedule).region_text
    finally:
        codegen.SEPARATE_GROWTH = growth
    assert any("if (" in body for body in _innermost_loop_bodies(plain))  # the guarded loop of before
    both = [b for b in _innermost_loop_bodies(separated) if b.count(" = 0.2 * (") == 2]
    assert both and all("if (" not in b for b in both)
    result = program.apply(schedule).run(toolchain("MEDIUM"), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail
