"""The macro schedules (polyrl.poly.macros) on real kernels: the plans the hand-written
schedules use come out for the shapes they were written for, every step is legal, and
the programs they make compute what the originals compute (real isl, real gcc, real
runs). Also `polyrl measure --schedules macros`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from polyrl.api import load
from polyrl.cli import main
from polyrl.errors import PolyrlError
from polyrl.measure.scheduler import MACROS_VERSION
from polyrl.measure.schedules import ScheduleSpec, parse_spec
from polyrl.poly.geometry import small_regions
from polyrl.poly.legality import apply_schedule, is_legal
from polyrl.poly.macros import (
    FUSION_GAIN,
    PROFILES,
    macro_plan,
    macro_schedule,
    macro_schedules,
    parallel_share,
    source_plan,
    time_iterated,
    without_small_regions,
)
from polyrl.poly.schedule import Schedule
from polyrl.poly.transform import to_union_map
from polyrl.runtime import Toolchain

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = PB / "utilities"


def sized(rel: str, dataset: str = "MINI"):
    return load(PB / rel, defines={f"{dataset}_DATASET": "1"}, include_dirs=[str(UTIL)])


def toolchain(dataset: str = "MINI") -> Toolchain:
    return Toolchain(flags=("-O3", "-march=native", "-fopenmp", f"-D{dataset}_DATASET", f"-I{UTIL.resolve()}"),
                     threads=2)


def words(schedule) -> list[str]:
    return str(schedule).split()


def test_a_contraction_gets_the_blis_plan_and_computes_what_the_original_does():
    program = sized("linear-algebra/blas/gemm/gemm.c", "MEDIUM")  # MINI's loops are too short to run in parallel
    schedules = macro_schedules(program.model)
    assert len(schedules) >= 3
    large = words(schedules["blis-large"])
    # the product branch: tiled, its innermost point loop's tiles outermost, the outer tile
    # loop of the other two in parallel, both operands packed, a register block, vector code
    product = [w for w in large if w.startswith("B1:")]
    assert product[:3] == ["B1:T3(0,1,2,32,128,256)", "B1:I(0,2)", "B1:P(2)"]
    assert {"B1:K(1,2)", "B1:K(2,1)"} <= set(product)
    assert product[-2:] == ["B1:J2(3,4,8,4)", "B1:V()"]
    for name, schedule in schedules.items():
        assert is_legal(program.model, schedule), name
        result = program.apply(schedule).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
        assert result.new.status == "ok" and result.verified is True, (name, schedule, result.new.detail)


def test_an_array_read_twice_is_packed_for_the_reference_the_vector_loop_streams():
    # syrk reads A[i][k] and A[j][k]; j is innermost, so A[j][k] is the column the vector
    # loop walks: A is packed transposed at the k tile (KT), not as written at the i tile
    program = sized("linear-algebra/blas/syrk/syrk.c", "MEDIUM")
    schedule = macro_schedules(program.model)["blis-large"]
    product = [w for w in words(schedule) if w.startswith("B1:")]
    assert "B1:KT(1,1)" in product and not any(w.startswith("B1:K(") for w in product)
    assert product[-1] == "B1:V()"
    result = program.apply(schedule).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_packed_band_keeps_innermost_the_loop_its_transposed_buffers_walk_by_rows():
    # syr2k: C[i][j] += A[j][k]*B[i][k] + B[j][k]*A[i][k], loops i, k, j. As written, k walks
    # four references with stride 1 and would go innermost (a reduction, no vector code); the
    # packed plans keep j innermost, both operands packed transposed, with vector code. The
    # plan without packing still moves k innermost.
    program = sized("linear-algebra/blas/syr2k/syr2k.c", "MEDIUM")
    schedules = macro_schedules(program.model)
    product = [w for w in words(schedules["blis-large"]) if w.startswith("B1:")]
    assert product[0].startswith("B1:T3(") and {"B1:KT(1,1)", "B1:KT(1,2)"} <= set(product)
    assert product[-1] == "B1:V()"
    assert words(schedules["tile-nopack"])[1] == "B1:I(1,2)"
    result = program.apply(schedules["blis-large"]).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_the_parallel_loop_makes_at_least_two_iterations_where_one_can():
    from polyrl.poly.geometry import DEFAULT_PARAM_VALUE, LoopGeometry
    from polyrl.poly.params import resolve_params

    def parallel_spans(program, name):
        acts, nest = macro_plan(program.model, next(p for p in PROFILES if p.name == name))
        geometry = LoopGeometry(program.scop, nest, resolve_params(program.scop, None, DEFAULT_PARAM_VALUE))
        return [geometry.span(loop, level) for path in nest.branches()
                for level, loop in enumerate(nest.loops_on(path)) if loop.parallel]

    # gemm at MEDIUM (NJ = 220): tile-nopack's first parallel candidate, the tile loop of 256 columns,
    # makes one iteration; the next legal one is taken, and the program still computes gemm
    gemm = sized("linear-algebra/blas/gemm/gemm.c", "MEDIUM")
    spans = parallel_spans(gemm, "tile-nopack")
    assert spans and min(spans) >= 2
    schedule = macro_schedules(gemm.model)["tile-nopack"]
    assert "B1:P(2)" in words(schedule)
    result = gemm.apply(schedule).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True
    # trmm at MEDIUM: no other loop of the band may run in parallel, so the one-iteration loop stays
    # (leaving the nest serial ran slower)
    trmm = sized("linear-algebra/blas/trmm/trmm.c", "MEDIUM")
    assert parallel_spans(trmm, "tile-nopack") == [1]


def test_the_pluto_form_takes_a_branch_out_of_loops_other_branches_share():
    # after isl's smart schedule, gramschmidt's two updates share their k and j loops with
    # the norm; tiling the first update's j loop there would take the second into its
    # tiles, with nothing parallel (session 21: 1.9x at LARGE where PLUTO gets 26x).
    # Interchanged first, the first update leaves the shared loop and the second gets
    # tiles of its own and a parallel tile loop
    kernel = "linear-algebra/solvers/gramschmidt/gramschmidt.c"
    form = replace(next(p for p in PROFILES if p.name == "affine-tile"), affine=(1,))
    w = words(macro_schedule(sized(kernel, "LARGE").model, form))  # (MEDIUM's loops are too short to run in parallel)
    assert w[:3] == ["B0:A(1)", "B1:I(1,2)", "B1:T2(1,2,32,32)"]
    second = [a for a in w if a.startswith("B2:")]
    assert second[0] == "B2:T2(1,2,32,32)" and "B2:P(1)" in second
    result = sized(kernel, "MEDIUM").apply(" ".join(w)).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_the_pluto_form_fuses_where_that_runs_much_more_in_parallel_and_jams_no_split_loop():
    # gramschmidt without fusion keeps both updates under the norm's loops, serial; isl's
    # schedule with parallel outer loops first (A(3)) puts both updates under one j loop,
    # parallel once tiled. Its i loop runs the first update's i, then the second's (a
    # shift): jammed, every copy of each would be guarded, so it gets vector code alone
    kernel = "linear-algebra/solvers/gramschmidt/gramschmidt.c"
    form = next(p for p in PROFILES if p.name == "affine-tile")
    model = sized(kernel, "LARGE").model
    chosen = macro_schedule(model, form)
    w = words(chosen)
    assert w[0] == "B0:A(3)" and ":P(1)" in " ".join(a for a in w if ":T2(" not in a), w
    assert not any(":J(" in a or ":J2(" in a for a in w), w
    unfused = macro_schedule(model, replace(form, affine=(0,)))
    assert parallel_share(model, apply_schedule(model, unfused)) + FUSION_GAIN < parallel_share(
        model, apply_schedule(model, chosen))
    result = sized(kernel, "MEDIUM").apply(" ".join(w)).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_time_iterated_stencil_is_time_tiled_only_where_that_makes_it_parallel():
    # jacobi-2d at LARGE: each sweep's rows run in parallel at every time step (as much
    # work in parallel as a wavefront of time tiles, without its skewed bounds); fdtd-2d's
    # other form runs only a third of its work in parallel, so its time loop is tiled
    form = next(p for p in PROFILES if p.name == "affine-tile")
    jacobi = sized("stencils/jacobi-2d/jacobi-2d.c", "LARGE").model
    assert time_iterated(jacobi)
    assert words(macro_schedule(jacobi, form)) == ["B0:P(1)", "B0:V()", "B1:P(1)", "B1:V()"]
    fdtd = words(macro_schedule(sized("stencils/fdtd-2d/fdtd-2d.c", "LARGE").model, form))
    assert fdtd[:2] == ["B0:A(0)", "B0:T3(0,1,2,32,32,32)"] and "B0:P(1)" in fdtd, fdtd
    assert not time_iterated(sized("linear-algebra/blas/gemm/gemm.c").model)


def test_the_pluto_form_gives_each_product_its_own_parallel_tiles():
    # without fusion each matrix product of 2mm is a band of its own, tiled and run in
    # parallel as PLUTO's output is; isl's smart fusion shares their outer loop instead
    # (session 23 at LARGE: 31.6x against 5.4x, PLUTO 6.5x)
    kernel = "linear-algebra/kernels/2mm/2mm.c"
    form = next(p for p in PROFILES if p.name == "affine-tile")
    w = words(macro_schedule(sized(kernel, "LARGE").model, form))
    assert w[0] == "B0:A(0)"
    bands = [a.split(":")[0] for a in w if ":T3(" in a]
    assert len(bands) == 2 and all(f"{b}:P(0)" in w for b in bands), w
    result = sized(kernel, "MEDIUM").apply(" ".join(w)).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_scalar_innermost_loop_gets_a_deeper_register_block():
    # syrk's innermost k loop is a reduction: no vector code, so the loop around it is
    # jammed by 8, not 4 (eight independent sums; session 23 at LARGE: 1.96x against
    # 1.45x with 4, PLUTO's jam by 8 1.90x); gemm's innermost takes vector code and keeps 4
    form = next(p for p in PROFILES if p.name == "affine-tile")
    syrk = sized("linear-algebra/blas/syrk/syrk.c", "MEDIUM")
    w = words(macro_schedule(syrk.model, form))
    product = [a for a in w if a.startswith("B1:")]
    assert product[-1] == "B1:J(4,8)" and "B1:V()" not in product, w
    gemm = words(macro_schedule(sized("linear-algebra/blas/gemm/gemm.c", "MEDIUM").model, form))
    assert gemm[-2:] == ["B1:J(4,4)", "B1:V()"], gemm
    result = syrk.apply(" ".join(w)).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


RELAX = """#define N 120
double D[N][N];
void kernel(void)
{
  int i, j, k;
#pragma scop
  for (k = 0; k < N; k++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        D[i][j] = D[i][j] < D[i][k] + D[k][j] ? D[i][j] : D[i][k] + D[k][j];
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i][j] = i == j ? 0.0 : (double)((i * 7 + j * 13) % 23 + 1);
  kernel();
  return 0;
}
"""


def test_a_loop_reading_one_element_of_the_array_it_writes_is_not_jammed(tmp_path: Path):
    # the j loop writes D[i][j] and reads D[i][k] in every iteration: isl finds a
    # dependence carried by j (at j = k), so no vector code; gcc still vectorizes it by a
    # run-time overlap check, which eight jammed copies of the row loop defeat (session 53,
    # a Zen 5: tiles alone 4.61x, jammed by 8 1.08x). No plan jams it any more; the
    # reduction above (syrk) keeps its deeper jam.
    src = tmp_path / "relax.c"
    src.write_text(RELAX)
    program = load(src)
    plans = macro_schedules(program.model)
    assert plans, "the relaxation's loops can be tiled"
    for name, schedule in plans.items():
        assert not any(w.split(":")[1].startswith(("J(", "J2(")) for w in words(schedule)), (name, schedule)
        assert is_legal(program.model, schedule)
    form = next(p for p in PROFILES if p.name == "affine-tile")
    schedule = macro_schedule(program.model, form)
    assert any(":T2(" in w for w in words(schedule)), schedule
    result = program.apply(str(schedule)).run(Toolchain(threads=2), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_wavefront_over_isl_loops_with_unknown_local_variables_is_counted():
    # cholesky at MEDIUM under A(3): the wavefront's parallel-work count meets a set whose
    # local variables isl cannot name ("some divs are unknown"); session 23's MEDIUM bench
    # lost the Pluto form and the search of cholesky to that error
    program = sized("linear-algebra/solvers/cholesky/cholesky.c", "MEDIUM")
    form = next(p for p in PROFILES if p.name == "affine-tile")
    for fusions in ((3,), form.affine):
        schedule = macro_schedule(program.model, replace(form, affine=fusions))
        assert str(schedule) and is_legal(program.model, schedule), (fusions, schedule)


def test_the_pluto_form_leaves_alone_what_it_cannot_improve():
    # a loop whose runs hold too little work to pay for its threads is not run in
    # parallel (jacobi-1d at MINI: vector code only); isl's order alone, with nothing
    # planned on its loops, is no plan: the program stays as written (nussinov)
    form = next(p for p in PROFILES if p.name == "affine-tile")
    stencil = words(macro_schedule(sized("stencils/jacobi-1d/jacobi-1d.c").model, form))
    assert stencil and not any(":P(" in w for w in stencil)
    assert str(macro_schedule(sized("medley/nussinov/nussinov.c").model, form)) == ""


def test_a_time_stencil_is_skewed_tiled_and_run_as_a_parallel_wavefront():
    program = sized("stencils/seidel-2d/seidel-2d.c", "MEDIUM")
    schedule = macro_schedule(program.model, PROFILES[0])
    w = words(schedule)
    # Gauss-Seidel needs the inner space loop skewed by the outer one as well as by time
    assert w[:4] == ["B0:S(0,1,1)", "B0:S(0,2,1)", "B0:S(1,2,1)", "B0:T3(0,1,2,32,32,32)"]
    assert w[4:7] == ["B0:S(0,1,1)", "B0:I(0,1)", "B0:P(1)"]
    result = program.apply(schedule).run(toolchain("MEDIUM"), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_column_walk_is_interchanged_first(tmp_path: Path):
    src = tmp_path / "colwalk.c"
    src.write_text("""#define N 300
double A[N][N], B[N][N];
void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      B[j][i] = 2.0 * A[j][i] + 1.0;
#pragma endscop
}
""")
    program = load(src)
    for name, schedule in macro_schedules(program.model).items():
        # (after isl's schedule, for the affine profiles: it keeps the loops as written)
        steps = [w for w in words(schedule) if not w.startswith("B0:A(")]
        assert steps[0] == "B0:I(0,1)", (name, schedule)
        assert is_legal(program.model, schedule)


UPDATE = """#define N 1200
#define M 1000
double A[N][M], C[N][N];
void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] = C[i][j] * 1.5;
    for (k = 0; k < M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] = C[i][j] + 0.125 * (A[j][k] * A[i][k]);
  }
#pragma endscop
}
"""


def test_a_compound_assignment_gets_the_plans_of_its_long_form(tmp_path: Path):
    """`x += e` reads x as `x = x + e` does, so both spellings get the same macro plans.
    (Until session 45 the plans missed that read: this triangular update, a column walk
    innermost, got another loop order written with += and *=, as PolyBench's syrk is.)"""
    plans = {}
    for name, text in (("long", UPDATE), ("short", UPDATE.replace("C[i][j] = C[i][j] * ", "C[i][j] *= ")
                                          .replace("C[i][j] = C[i][j] + ", "C[i][j] += "))):
        src = tmp_path / f"{name}.c"
        src.write_text(text)
        plans[name] = macro_schedules(load(src).model)
    assert "+=" in (tmp_path / "short.c").read_text()
    assert plans["short"] == plans["long"]
    assert any(str(s).startswith("B0:V() B1:T3(") for s in plans["long"].values())  # the BLIS plans


def test_a_branch_with_nothing_legal_to_do_gets_no_macro(tmp_path: Path):
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
    assert macro_schedules(load(src).model) == {}


def test_schedule_specs():
    assert parse_spec("random:4") == ScheduleSpec(4, False)
    assert parse_spec("macros") == ScheduleSpec(None, True)
    assert parse_spec("macros+random:3") == parse_spec("random:3+macros") == ScheduleSpec(3, True)
    with pytest.raises(PolyrlError, match="macros"):
        parse_spec("macros+macros")


def test_measure_the_macro_schedules_of_a_corpus(tmp_path: Path):
    from polyrl.generate.corpus import write_corpus
    from polyrl.runtime import MemoStore

    gen, corpus = tmp_path / "gen", tmp_path / "corpus"
    entries = write_corpus(gen, 24, seed=5)
    picks = sorted((e for e in entries if e["nests"] <= 2 and "contraction" in e["patterns"]),
                   key=lambda e: (e["estimate_ms"], e["id"]))[:1]
    assert picks
    corpus.mkdir()
    src = corpus / picks[0]["file"]
    src.write_text((gen / picks[0]["file"]).read_text())
    expected = {str(s) for s in macro_schedules(load(src).model).values()}
    assert expected
    store = tmp_path / "m.sqlite"
    assert main(["measure", str(corpus), "--schedules", "macros", "--store", str(store), "--workers", "1",
                 "--threads", "1", "--repeat", "1", "--no-progress"]) == 0
    with MemoStore(store) as s:
        measured = {k.schedule: r for k, r in s.items()}
    assert set(measured) == expected | {""}
    assert all(r.status == "ok" and r.verified is not False for r in measured.values()), measured
    plans = [json.loads(line) for line in Path(f"{store}.plans.jsonl").read_text().splitlines()]
    assert [p["spec"] for p in plans] == [f"macros:v{MACROS_VERSION}"]


def test_a_parallel_loop_a_later_action_moves_inward_is_left_out(tmp_path: Path):
    src = tmp_path / "sweeps.c"
    src.write_text("""#define N 64
#define T 50
double A[N][N];
void kernel(void)
{
  int t, i, j;
#pragma scop
  for (t = 0; t < T; t++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i][j] = A[i][j] * 0.5 + 1.0;
#pragma endscop
}
""")
    model = load(src).model
    # P(1) runs N*N instances per start; the interchange after it makes that loop the
    # innermost, started T*N times for N instances each
    moved = Schedule.parse("B0:P(1) B0:I(1,2)")
    nest = apply_schedule(model, moved)
    assert small_regions(model.scop, nest, 1000) == 1
    kept, new = without_small_regions(model, list(moved.actions), nest, 1000)
    assert str(Schedule(tuple(kept))) == "B0:I(1,2)"
    assert small_regions(model.scop, new, 1000) == 0
    assert to_union_map(model.scop, new).is_equal(to_union_map(model.scop, apply_schedule(model, Schedule(tuple(kept)))))
    # the same loops with the parallel loop taken after the interchange stay as they are
    fine = Schedule.parse("B0:I(1,2) B0:P(1)")
    nest = apply_schedule(model, fine)
    assert without_small_regions(model, list(fine.actions), nest, 1000)[0] == list(fine.actions)
    assert any(loop.parallel for loop in nest.loops_on(nest.branches()[0]))


def test_the_plan_on_the_loops_as_written_is_the_alternative_to_a_skewing_isl_schedule():
    src = Path(__file__).parent / "programs" / "skewed_reduction.c"
    program = load(src)
    model = program.model
    form = next(p for p in PROFILES if p.name == "affine-tile")
    actions, nest = macro_plan(model, form)
    # isl's schedule skews (i + j outermost, parallel) and its loops are no plain source
    # loops: the form's plan has nothing left to tile on them
    assert actions and actions[0].kind == "A"
    plain = source_plan(model, form, actions, nest)
    assert plain is not None
    steps, planned = plain
    assert steps and all(a.kind != "A" for a in steps)
    assert is_legal(model, Schedule(tuple(steps)))
    # no alternative to a schedule that does not start with isl's
    assert source_plan(model, form, steps, planned) is None


TEMPORARY = """#define N 160
double A[N][N], B[N][N], C[N][N], x[N], y;
double t;
void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      t = 0.0;
      for (k = 0; k < N; k++)
        t = t + A[i][k] * B[k][j];
      C[i][j] = 0.5 * C[i][j] + 1.5 * t;
    }
  for (i = 0; i < N; i++)
    y = y + x[i];
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (double)(i % 7) / 7.0;
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 3 + j) % 11) / 11.0;
      B[i][j] = (double)((i + j * 5) % 13) / 13.0;
      C[i][j] = (double)((i * 7 + j * 2) % 17) / 17.0;
    }
  }
  kernel();
  return 0;
}
"""


def test_a_scalar_temporary_is_expanded_where_that_makes_the_nest_parallel(tmp_path: Path):
    # t is set, accumulated and used in each (i, j) iteration: as one memory cell it makes
    # every iteration depend on the one before, so nothing runs in parallel. Expanded (E),
    # the plan tiles the two outer loops with a parallel tile loop outermost and brings the
    # column loop innermost for vector code (MACROS_VERSION 16). y is a reduction to a
    # scalar (its value flows from one iteration to the next): never expanded.
    src = tmp_path / "temporary.c"
    src.write_text(TEMPORARY)
    program = load(src)
    plans = macro_schedules(program.model)
    expanded = {name: w for name, s in plans.items() if (w := words(s))[0] == "B0:E(0)"}
    assert set(expanded) >= {"blis-large", "blis-medium", "blis-small", "tile-nopack"}, plans
    for name, w in expanded.items():
        assert not any(":E(1)" in x for x in w), (name, w)  # y stays a scalar
        assert any(x.endswith(":P(0)") for x in w), (name, w)
        if name != "order-parallel-vector":  # (it tiles nothing)
            assert w[1].startswith("B0:T2(0,1,") and "B0:P(0)" in w, (name, w)
        assert w[-1].endswith(":V()"), (name, w)
        assert is_legal(program.model, Schedule.parse(" ".join(w))), name
    assert parallel_share(program.model, macro_plan(program.model, PROFILES[0])[1]) > 0.9
    result = program.apply(str(plans["blis-small"])).run(Toolchain(threads=2), repeat=1, check_reference=False)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


def test_a_plan_is_made_once_per_model_and_profile():
    # the policy's form, the macro pick and the search ask for the same plans of one program
    model = sized("linear-algebra/blas/gemm/gemm.c").model
    profile = next(p for p in PROFILES if p.name == "affine-tile")
    actions, nest = macro_plan(model, profile)
    assert actions and profile in model.plans
    actions.clear()  # a caller's list is its own
    again, nest_again = macro_plan(model, profile)
    assert again and nest_again is nest
    fresh = sized("linear-algebra/blas/gemm/gemm.c").model  # what a model that never planned makes
    assert str(Schedule(tuple(again))) == str(macro_schedule(fresh, profile))
