"""The whole path on real kernels: C -> Scop -> dependences -> schedule -> legality ->
codegen -> gcc -> run -> verified against the original (bitwise, -ffp-contract=off).

Each transformation kind is exercised on at least one kernel; known-illegal schedules
must be refused with the dependence they break named.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import islpy as isl
import pytest

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.poly.packing import pack_box
from polyrl.poly.schedule import Schedule
from polyrl.runtime import Toolchain, compare
from polyrl.runtime.store import CODEGEN_VERSION

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = str(PB / "utilities")
KERNELS = {
    "nussinov": "medley/nussinov/nussinov.c",
    "gemm": "linear-algebra/blas/gemm/gemm.c",
    "2mm": "linear-algebra/kernels/2mm/2mm.c",
    "mvt": "linear-algebra/kernels/mvt/mvt.c",
    "jacobi-2d": "stencils/jacobi-2d/jacobi-2d.c",
    "seidel-2d": "stencils/seidel-2d/seidel-2d.c",
    "heat-3d": "stencils/heat-3d/heat-3d.c",
    "lu": "linear-algebra/solvers/lu/lu.c",
    "trisolv": "linear-algebra/solvers/trisolv/trisolv.c",
    "syrk": "linear-algebra/blas/syrk/syrk.c",
    "syr2k": "linear-algebra/blas/syr2k/syr2k.c",
    "trmm": "linear-algebra/blas/trmm/trmm.c",
    "covariance": "datamining/covariance/covariance.c",
    "correlation": "datamining/correlation/correlation.c",
}
# bitwise comparison: no FMA contraction, so only a reordering of operations could differ
EXACT = Toolchain(flags=("-O2", "-march=native", "-fopenmp", "-ffp-contract=off", "-DMINI_DATASET", f"-I{UTIL}"),
                  threads=2)


def program(name: str):
    return load(PB / KERNELS[name], defines={"MINI_DATASET": "1"}, include_dirs=[UTIL])


LEGAL = [
    ("gemm", "B1:S(1,2,1) B1:J(0,2)"),  # skew before the jam (after it is refused)
    ("gemm", "B1:T2(0,1,4,4) B1:P(0)"),  # 2-D tiling of an imperfect nest + parallel
    ("gemm", "B1:I(1,2)"),  # interchange
    ("gemm", "B1:T3(0,1,2,4,8,4)"),  # 3-D tiling
    ("gemm", "B0:R(1) B0:P(0)"),  # reversal of a dependence-free loop
    ("2mm", "B0:T2(0,1,4,4) B0:P(0) B1:P(0) B1:U(3)"),  # unroll with remainder (22 % 3 != 0)
    ("2mm", "B1:I(0,1)"),
    ("mvt", "B0:R(0) B1:I(0,1)"),
    ("mvt", "B0:P(0) B1:P(0) B0:U(4)"),
    ("jacobi-2d", "B0:P(1) B1:P(1)"),
    ("nussinov", "B0:I(0,1)"),  # its affine `if`s are domain constraints: isl writes the guards
    ("nussinov", "B0:A(1) B0:T2(0,1,8,8)"),
    ("jacobi-2d", "B0:T2(1,2,8,8)"),
    ("jacobi-2d", "B0:S(1,2,1)"),  # skew
    ("seidel-2d", "B0:S(1,2,1) B0:I(1,2)"),  # wavefront: skew then interchange
    ("heat-3d", "B0:T3(1,2,3,4,4,4) B0:P(1)"),
    ("heat-3d", "B1:P(1) B1:U(2) B0:R(2)"),
    ("lu", "B1:I(1,2) B1:P(2)"),  # triangular bounds; j is parallel once k is outside it
    ("trisolv", "B0:U(4)"),  # triangular, unroll of a reduction keeps its order
    ("gemm", "B1:J(0,4)"),  # unroll-and-jam i into j: 4 rows of C share B[k][j] (NI = 20)
    ("gemm", "B1:J(0,3)"),  # remainder: 20 % 3 != 0, the last tile runs guarded copies
    ("gemm", "B1:J2(0,1,2,2)"),  # i and k jammed: each C[i][j] still accumulates in k order
    ("gemm", "B1:T3(0,1,2,8,8,16) B1:P(0) B1:J2(3,4,4,2)"),  # jam of point loops inside tiles
    ("2mm", "B0:J(0,4) B1:J(1,5)"),  # 24 % 5 != 0
    ("lu", "B1:J(1,2)"),  # triangular: jammed bounds depend on the enclosing iterators
    ("heat-3d", "B0:J2(1,2,2,3)"),
    # packing: tiles of A and B copied per j tile, buffers private to each thread
    ("gemm", "B1:T3(0,1,2,8,8,16) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2)"),
    ("gemm", "B1:K(1,2)"),  # row k of B per k, one buffer around the whole nest
    ("2mm", "B0:I(1,2) B1:T3(0,1,2,8,8,8) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2) "
            "B2:I(1,2) B3:T3(0,1,2,8,8,8) B3:K(1,0) B3:K(2,4)"),  # tmp: written by the first nest only
    ("syrk", "B1:T3(0,1,2,8,8,8) B1:P(0) B1:K(2,1) B1:J2(3,4,2,2)"),  # A[i][k] and A[j][k]: one box
    # explicit vector code: NJ = 25 leaves a scalar remainder in every row
    ("gemm", "B1:V() B0:V()"),
    ("gemm", "B1:T3(0,1,2,8,8,16) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2) B1:V()"),
    ("2mm", "B0:I(1,2) B1:J2(0,1,4,2) B1:V() B2:I(1,2) B3:J(0,3) B3:V()"),  # 3 rows: partial tiles use simd
    ("heat-3d", "B0:J(1,2) B0:V() B1:V()"),  # stencil: several unit-stride reads of one read-only array
    # a transposed pack turns syrk's column walk A[j][k] (j innermost) into a row walk
    ("syrk", "B0:P(0) B1:T3(0,1,2,8,8,16) B1:I(0,2) B1:P(2) B1:KT(1,1) B1:J2(3,4,4,2) B1:V()"),
]

ILLEGAL = [
    ("seidel-2d", "B0:I(1,2)", "reverses the dependence RAW S0 -> S0 on A"),
    ("seidel-2d", "B0:R(0)", "reverses the dependence"),
    ("seidel-2d", "B0:P(0)", "loop `t` carries the dependence"),
    ("seidel-2d", "B0:P(1)", "loop `i` carries the dependence"),
    ("gemm", "B1:R(1)", "reverses the dependence RAW S1 -> S1 on C (0, +, 0)"),
    ("gemm", "B1:P(1)", "loop `k` carries the dependence"),
    ("lu", "B0:I(1,2)", "reverses the dependence RAW S1 -> S0 on A"),
    ("trisolv", "B0:R(1)", "reverses the dependence RAW S1 -> S1 on x"),
    ("jacobi-2d", "B0:P(0)", "loop `t` carries the dependence"),
    ("mvt", "B0:P(1)", "loop `j` carries the dependence RAW S0 -> S0 on x1"),
    # (i+1, j) would run before (i, j+1), whose new A[i][j+1] it reads
    ("seidel-2d", "B0:J(1,2)", "reverses the dependence RAW S0 -> S0 on A"),
    ("seidel-2d", "B0:J(0,2)", "reverses the dependence RAW S0 -> S0 on A"),
    ("jacobi-2d", "B0:J(0,2)", "reverses the dependence RAW S1 -> S0 on A"),
    ("trisolv", "B0:J(0,2)", "reverses the dependence RAW S2 -> S1 on x"),
    ("gemm", "B1:K(0,0)", "C is written inside loop `i` (S0, S1) where it is read, so it cannot be packed"),
    ("2mm", "B0:K(0,0)", "tmp is written inside loop `i` (S0, S1) where it is read"),
    ("gemm", "B1:K(0,1) B1:K(1,1)", "A is already packed at loop `i` around loop `k`"),
    ("gemm", "B1:K(1,2) B1:J(1,2)", "loop `k` packs B, so it cannot be jammed"),
    ("gemm", "B1:K(0,1) B1:I(0,2)", "loop `i` packs A but is innermost"),
    ("gemm", "B1:I(1,2) B1:V()", "loop `k` carries the dependence RAW S1 -> S1 on C (0, +, 0), so it cannot be vectorized"),
    ("gemm", "B1:I(0,2) B1:V()", "C[i][j] in S1 walks loop `i` with a stride other than 0 or 1 element"),
    ("syrk", "B1:V()", "A[j][k] in S1 walks loop `j` with a stride other than 0 or 1"),
    ("gemm", "B1:V() B1:T2(1,2,4,4) B1:U(2)", "loop `j` is unrolled, so it cannot be vectorized (V) too"),
    ("mvt", "B0:V()", "loop `j` carries the dependence"),
    ("mvt", "B0:KT(0,2)", "y_1 has one dimension, so its buffer cannot be transposed"),
    # J2 through an imperfect nest renumbers the branch between its two jams (was an IndexError)
    ("nussinov", "B0:J2(0,1,4,2)", "reverses the dependence RAW S4 -> S0 on table"),
    ("syrk", "B1:T3(0,1,2,8,8,16) B1:I(0,2) B1:K(1,1) B1:J(4,4) B1:V()", "A[j][k] in S1 walks loop `j`"),
]


def test_loop_transformations_after_a_jam_are_refused() -> None:
    # found in training: T2 S J2 then S(2,3,1) on a generated program computed wrong values,
    # because codegen unrolls the jammed loop assuming the loops around it kept their shape
    for schedule in ("B1:J(0,2) B1:S(1,2,1)", "B1:J(0,2) B1:I(1,2)", "B1:J2(0,1,2,2) B1:R(2)"):
        with pytest.raises(PolyrlError, match="unrolled-and-jammed already"):
            program("gemm").apply(schedule)


@pytest.mark.parametrize(("kernel", "schedule"), LEGAL, ids=[f"{k}:{s}" for k, s in LEGAL])
def test_legal_schedule_gives_identical_results(kernel: str, schedule: str) -> None:
    opt = program(kernel).apply(schedule)
    result = compare(opt.program.scop, opt.region_text, str(opt.schedule), EXACT, repeat=1)
    assert result.new.status == "ok", result.new.detail
    assert result.verified is True, result.new.detail
    assert "bitwise equal" in result.new.detail


@pytest.mark.parametrize(("kernel", "schedule", "message"), ILLEGAL, ids=[f"{k}:{s}" for k, s, _ in ILLEGAL])
def test_illegal_schedule_is_refused_naming_the_dependence(kernel: str, schedule: str, message: str) -> None:
    with pytest.raises(PolyrlError) as err:
        program(kernel).apply(schedule)
    assert "is illegal" in str(err.value)
    assert message in str(err.value)


def test_gemm_dependences_have_the_textbook_structure() -> None:
    prog = program("gemm")
    deps = {(d.kind, d.source, d.target, d.array): d.distance(prog.scop) for d in prog.dependences()}
    # S1 is C[i][j] += alpha * A[i][k] * B[k][j] in loops (i, k, j)
    assert deps[("RAR", "S1", "S1", "A")] == (0, 0, "+")  # A[i][k] reused across j
    assert deps[("RAR", "S1", "S1", "B")] == ("+", 0, 0)  # B[k][j] reused across i
    assert deps[("RAW", "S1", "S1", "C")] == (0, "+", 0)  # C[i][j] accumulated across k
    assert deps[("RAW", "S0", "S1", "C")] == (0,)  # scaled by beta before accumulation, same i
    assert not any(k[0] in ("RAW", "WAR", "WAW") and k[3] in ("A", "B") for k in deps)  # inputs only read


def test_parallel_and_simd_pragmas_are_emitted() -> None:
    text = program("gemm").apply("B1:T2(0,1,4,4) B1:P(0)").region_text
    assert text.count("#pragma omp parallel for") == 1
    assert "#pragma omp simd" in text  # innermost j carries no dependence
    assert "polyrl_min(" in text  # tile bounds


def test_reduction_innermost_loop_is_not_vectorized() -> None:
    # mvt's inner j loops accumulate into x1[i] and x2[i]: no simd pragma may go on them
    assert "#pragma omp simd" not in program("mvt").apply("", simd="always").region_text
    # gemm's inner j loops carry nothing: both get one when asked for everywhere
    assert program("gemm").apply("", simd="always").region_text.count("#pragma omp simd") == 2


def test_untransformed_loops_keep_the_compilers_own_vectorization() -> None:
    assert "#pragma omp simd" not in program("gemm").apply("").region_text
    # 2mm: interchanging j and k of the first nest gives S1 a dependence-free innermost j;
    # S0 (tmp = 0), distributed but not moved, and the second nest keep no pragma
    text = program("2mm").apply("B0:I(1,2)").region_text
    assert text.count("#pragma omp simd") == 1
    pragma = text.index("#pragma omp simd")
    assert text.index("tmp[c0][c1] = ") < pragma < text.index("tmp[c0][c2] += ")


def test_strided_innermost_loops_keep_the_compilers_choice() -> None:
    # gemm in k-j-i order: the innermost i carries nothing but walks C and A down their
    # columns, so no forced simd (gathers and scatters; gcc 12 once spent minutes
    # compiling such a loop); `always` still forces it
    text = program("gemm").apply("B1:I(0,1) B1:I(1,2)").region_text
    assert "#pragma omp simd" not in text
    forced = program("gemm").apply("B1:I(0,1) B1:I(1,2)", simd="always").region_text
    assert "#pragma omp simd\n        for (int c2" in forced
    # the same nest with unit-stride j innermost gets the pragma
    assert "#pragma omp simd" in program("gemm").apply("B1:T2(0,1,4,4)").region_text


def test_unroll_and_jam_puts_the_copies_in_one_vectorized_body() -> None:
    text = program("gemm").apply("B1:J(0,4)").region_text
    full = text[text.index("if (4 * c0 + 3 <= ") : text.index("} else {")]
    assert "#pragma omp simd" in full  # j carries nothing: the 4 rows still vectorize
    rows = [f"C[4 * c0{f' + {k}' if k else ''}][c2] += alpha * A[4 * c0{f' + {k}' if k else ''}][c1] * B[c1][c2];"
            for k in range(4)]
    body = [line.strip() for line in full.splitlines() if line.strip().startswith("C[")]
    assert body == rows  # unguarded straight-line copies in a full tile
    # the last tile, partial, is a rolled loop of at most 4 rows (csrc/emit.cpp, jammed)
    assert "for (int c3 = 4 * c0; c3 <= polyrl_hi_c3; c3++) {" in text


# syrk's BLIS plan with i and k jammed around the vector loop of j (j <= i): the jammed loop i
# runs below the loop that bounds it, so its lower bound is max(block start, j)
JAM_BELOW_ITS_BOUND = "B0:P(0) B1:T3(0,1,2,16,16,32) B1:I(0,2) B1:P(2) B1:KT(1,1) B1:J2(3,4,4,2) B1:V()"
# trmm's BLIS plan: a register block on a triangular band (the inner jammed loop starts after
# the outer one's iterator)
TRIANGULAR_BLOCK = "B0:A(1) B0:I(0,1) B0:I(1,2) B0:T3(0,1,2,8,16,32) B0:I(0,2) B0:P(0) B0:K(2,1) B0:J2(3,4,4,4) B0:V()"
# covariance's product band: the register block's rows i run up to the vector loop's j (i <= j)
JAM_ABOVE_ITS_BOUND = "B0:I(0,1) B4:I(1,2) B5:T3(0,1,2,8,16,16) B5:P(2) B5:J2(3,4,4,2) B5:V()"
# correlation's: i <= j - 1 (the policy's final at LARGE, smaller tiles)
JAM_ABOVE_ITS_BOUND_SHIFTED = ("B0:I(0,1) B3:I(0,1) B7:I(1,2) B8:T3(0,1,2,8,16,16) B8:P(0) B8:J2(3,4,4,4) B8:V()")
PACKED_SMALL = [
    ("gemm", "B1:T3(0,1,2,8,32,16) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2)"),
    ("2mm", "B0:I(1,2) B1:T3(0,1,2,16,16,32) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J(3,4) "
            "B2:I(1,2) B3:T3(0,1,2,16,16,32) B3:P(0) B3:K(2,0) B3:K(2,4) B3:J(3,4)"),
    ("syrk", "B1:T3(0,1,2,16,16,16) B1:P(0) B1:K(2,1) B1:J2(3,4,4,2)"),
    ("syrk", "B1:K(0,1)"),  # the whole of A once per i (the box of A[i][k] and A[j][k], j <= i)
    ("gemm", "B1:T3(0,1,2,8,32,16) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2) B1:V()"),
    ("2mm", "B0:I(1,2) B1:T3(0,1,2,16,16,32) B1:P(0) B1:K(2,1) B1:K(2,2) B1:J2(3,4,4,2) B1:V() "
            "B2:I(1,2) B3:T3(0,1,2,16,16,32) B3:P(0) B3:K(2,0) B3:K(2,4) B3:J(3,4) B3:V()"),
    ("syrk", "B0:P(0) B1:T3(0,1,2,16,16,32) B1:I(0,2) B1:P(2) B1:KT(1,1) B1:J(4,4) B1:V()"),
    ("syr2k", "B0:P(0) B1:T3(0,1,2,16,16,32) B1:I(0,2) B1:P(2) B1:KT(1,1) B1:KT(1,2) B1:J(4,4) B1:V()"),
    ("trmm", TRIANGULAR_BLOCK),  # partial tiles and the diagonal everywhere
    ("syrk", JAM_BELOW_ITS_BOUND),
    ("covariance", JAM_ABOVE_ITS_BOUND),
    ("correlation", JAM_ABOVE_ITS_BOUND_SHIFTED),
    ("syr2k", "B0:P(0) B1:T3(0,1,2,16,16,32) B1:I(0,2) B1:P(2) B1:KT(1,1) B1:KT(1,2) B1:J2(3,4,4,2) B1:V()"),
]


@pytest.mark.parametrize(("kernel", "schedule"), PACKED_SMALL, ids=[f"{k}:{s}" for k, s in PACKED_SMALL])
def test_packed_schedules_are_bitwise_equal_at_small(kernel: str, schedule: str) -> None:
    # SMALL sizes (80..240) leave partial tiles everywhere; MINI ones are in LEGAL
    small = Toolchain(flags=tuple(f for f in EXACT.flags if f != "-DMINI_DATASET") + ("-DSMALL_DATASET",), threads=2)
    prog = load(PB / KERNELS[kernel], defines={"SMALL_DATASET": "1"}, include_dirs=[UTIL])
    opt = prog.apply(schedule)
    result = compare(opt.program.scop, opt.region_text, str(opt.schedule), small, repeat=1)
    assert result.verified is True, result.new.detail
    assert "bitwise equal" in result.new.detail


# The C text polyrl writes for LEGAL (MINI sizes) and PACKED_SMALL (SMALL sizes), as one sha256, under the
# CODEGEN_VERSION it belongs to. A memo store serves a measurement only to the code generation that wrote the timed
# program: when this text changes, CODEGEN_VERSION (polyrl/runtime/store.py) is bumped with this pair, so that old
# times of the schedules whose text changed are measured again (session 73 served an old emitter's 21x for 73x).
CODEGEN_DIGEST = (1, "94f705207fe7f7ba9601ba31d24b56c07014b07d5162dca908b16075c315ad18")


def test_the_text_written_for_fixed_schedules_changes_only_with_the_codegen_version() -> None:
    h = hashlib.sha256()
    for kernel, schedule in LEGAL:
        h.update(f"{kernel} {schedule}\n".encode() + program(kernel).apply(schedule).region_text.encode())
    for kernel, schedule in PACKED_SMALL:
        prog = load(PB / KERNELS[kernel], defines={"SMALL_DATASET": "1"}, include_dirs=[UTIL])
        h.update(f"{kernel} {schedule}\n".encode() + prog.apply(schedule).region_text.encode())
    assert (CODEGEN_VERSION, h.hexdigest()) == CODEGEN_DIGEST, (
        "the C written for these schedules changed: bump CODEGEN_VERSION in polyrl/runtime/store.py and set "
        f"CODEGEN_DIGEST to ({CODEGEN_VERSION + 1}, {h.hexdigest()!r}); where the version was just bumped, or only "
        f"LEGAL or PACKED_SMALL changed (not the emitter), to ({CODEGEN_VERSION}, {h.hexdigest()!r})")


def test_a_triangular_register_block_gets_its_full_tiles_as_vector_code() -> None:
    # TRIANGULAR_BLOCK: the inner jammed loop starts after the outer one's iterator (k > i).
    # Its full-tile test, one per copy of the outer loop, sits outside the vector loop, so a
    # full tile is straight-line vector code; before, only the outer loop's test was hoisted,
    # and the 16 copies kept a guard each inside the loop, which gcc did not vectorize
    # (session 36: 1.00x of the original at MEDIUM, 6.1x with the copies unguarded)
    text = program("trmm").apply(TRIANGULAR_BLOCK).region_text
    full = text[: text.index("} else {")]
    assert "polyrl_lanes_double) {" in full  # the full tile's loop is explicit vector code
    assert full.count("+ 3 <= ") == 1 + 4  # the outer loop's test and the inner one's, per outer copy
    # its results at SMALL sizes: test_packed_schedules_are_bitwise_equal_at_small


def test_a_register_block_bounded_by_the_vector_loop_takes_the_block_s_rows() -> None:
    # JAM_BELOW_ITS_BOUND: the copies of i took max(4 * c3, c5) + k, so each moved with the
    # vector loop c5 and every reference was a gather (PolyBench syrk at LARGE: the BLIS plan
    # ran at 1.2x of the original, 20.8x once the copies take the block's rows 4 * c3 + k).
    # The vector loop is split at the block's first row: below it every copy runs, as
    # straight-line vector code; above it each copy keeps its guard c5 <= 4 * c3 + k.
    text = program("syrk").apply(JAM_BELOW_ITS_BOUND).region_text
    full = text[: text.index("} else {")]
    assert "polyrl_max(4 * c3, c5)" not in full  # (the partial tiles' rolled loop still starts there)
    assert "polyrl_lanes_double) {" in full  # the head of the split: explicit vector code
    head = full[full.index("polyrl_lanes_double) {"):]
    assert "C[4 * c3 + 1][c5]" in head and "C[4 * c3 + 3][c5]" in head
    for k in (1, 2, 3):
        assert f"if (c5 <= (4 * c3 + {k}))" in text  # the tail's guards
    assert "for (int c5 = polyrl_max(32 * c0, 4 * c3 + 1); " in text  # the tail: after the block's first row
    # its results at SMALL sizes: test_packed_schedules_are_bitwise_equal_at_small


def test_a_register_block_bounded_above_by_the_vector_loop_splits_it() -> None:
    # JAM_ABOVE_ITS_BOUND: the copies of i (rows 4 * c3 + k) run where 4 * c3 + k <= c5. Each kept
    # its guard inside the vector loop, and gcc wrote no vector code (PolyBench covariance at LARGE:
    # the policy's final ran 24.7x, 73.4x once split; session 73). The vector loop is split at the
    # block's last row: before it the copies keep their guards, from it on every copy runs, as
    # explicit vector code. The same iterations in the same order (bitwise: PACKED_SMALL).
    text = program("covariance").apply(JAM_ABOVE_ITS_BOUND).region_text
    assert "if ((4 * c3) <= polyrl_min(4 * c3 + 3, c5))" in text  # the head: guarded copies
    tail = text[text.index("int c5 = polyrl_max(polyrl_max(16 * c2, 4 * c3), 4 * c3 + 2 + 1);"):]
    assert "polyrl_lanes_double) {" in tail[: tail.index("for (; c5 <=")]  # the tail: explicit vector code
    assert "<= c5))" not in tail[: tail.index("for (; c5 <=")]  # ... with no guard
    # correlation's bound i <= j - 1: the split moves by one
    text = program("correlation").apply(JAM_ABOVE_ITS_BOUND_SHIFTED).region_text
    assert "4 * c3 + 2 + 1 + 1)" in text


def test_packing_copies_the_exact_box_and_reads_the_buffer() -> None:
    text = program("gemm").apply("B1:T3(0,1,2,8,8,16) B1:P(0) B1:K(2,2)").region_text
    # B[k][j] for the k tile c1 and the j tile c2, clipped to the array at the last tiles
    assert "const int polyrl_pack0_lo0 = 8 * c1;" in text and "const int polyrl_pack0_lo1 = 16 * c2;" in text
    assert "polyrl_pack0_i0 <= (8 * c1 + 7 >= _PB_NK ? _PB_NK - 1 : 8 * c1 + 7)" in text
    assert "double (*restrict polyrl_pack0)[16] = " in text  # tile-sized rows: the box never exceeds 8 x 16
    assert "* polyrl_pack0[c4 - polyrl_pack0_lo0][c5 - polyrl_pack0_lo1];" in text
    assert "B[c4]" not in text


def test_transposed_pack_makes_a_column_walk_a_vector_load() -> None:
    text = program("syrk").apply("B1:T3(0,1,2,8,8,16) B1:I(0,2) B1:KT(1,1) B1:J(4,4) B1:V()").region_text
    # A[i][k] is copied to polyrl_pack0[k - lo1][i - lo0]; A[j][k], j innermost, is a chunk
    assert ("polyrl_pack0[polyrl_pack0_i1 - polyrl_pack0_lo1][polyrl_pack0_i0 - polyrl_pack0_lo0] = "
            "A[polyrl_pack0_i0][polyrl_pack0_i1];") in text
    assert "__builtin_memcpy(&polyrl_v1, &polyrl_pack0[(4 * c4) - polyrl_pack0_lo1][c5 - polyrl_pack0_lo0]" in text


def test_vector_code_keeps_accumulators_in_registers() -> None:
    text = program("gemm").apply("B1:T3(0,1,2,8,8,16) B1:K(2,1) B1:J2(3,4,4,2) B1:V()").region_text
    assert "typedef double polyrl_v_double __attribute__((vector_size(polyrl_vbytes)));" in text
    chunk = text[text.index("c5 += polyrl_lanes_double) {") : text.index("for (; c5 <= ")]
    # per chunk: the 2 rows of B, each row of C loaded and stored once for its 2 updates
    assert chunk.count("__builtin_memcpy(&polyrl_v") == 2 + 4
    assert chunk.count("__builtin_memcpy(&C[") == 4
    assert chunk.count(" += alpha * polyrl_s") == 8  # the 8 packed A elements, hoisted
    assert "#pragma omp simd" in text  # the partial tiles (guarded copies) keep the pragma


def test_unroll_and_jam_of_the_innermost_or_a_jammed_level_is_refused() -> None:
    with pytest.raises(PolyrlError, match="level 2 is not outside the innermost loop"):
        program("gemm").apply("B1:J(2,4)")
    with pytest.raises(PolyrlError, match="level 3 of branch B1 is a jammed point loop"):
        program("gemm").apply("B1:J(0,4) B1:R(3)")


def test_schedule_text_round_trips() -> None:
    text = ("B0:I(0,1) B0:T2(1,2,32,32) B0:P(0) B1:S(0,1,1) B1:U(4) B2:T3(0,1,2,8,16,32) B0:R(2) "
            "B1:J(0,4) B2:J2(0,1,2,8) B0:K(1,2) B1:V() B2:KT(0,1)")
    assert str(Schedule.parse(text)) == text
    assert str(Schedule.parse("  B0:P(0)   B1:U(2) ")) == "B0:P(0) B1:U(2)"


@pytest.mark.parametrize(
    ("text", "col"),
    [("B0:X(1)", 1), ("B0:P(0) B0:T2(0,2,32,32)", 9), ("B0:P(a)", 1), ("B0:U(1)", 1), ("P(0)", 1), ("B0:I(1,0)", 1),
     ("B0:J(0,9)", 1), ("B0:J(0,1)", 1), ("B0:J(0)", 1), ("B0:P(0) B0:J2(1,0,2,2)", 9), ("B0:J2(0,1,2,16)", 1),
     ("B0:K(0,-1)", 1), ("B0:K(0)", 1)],
)
def test_malformed_schedules_name_the_column(text: str, col: int) -> None:
    with pytest.raises(PolyrlError) as err:
        Schedule.parse(text)
    assert str(err.value).startswith(f"<schedule>:1:{col}: ")


def test_action_on_missing_branch_or_level_is_refused() -> None:
    prog = program("gemm")
    with pytest.raises(PolyrlError, match="branch B5 does not exist"):
        prog.apply("B5:P(0)")
    with pytest.raises(PolyrlError, match="level 3 does not exist on branch B1"):
        prog.apply("B1:R(3)")


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "polyrl.cli", *args], cwd=cwd, capture_output=True, text=True)


def test_optimize_writes_only_the_region_and_the_program_still_builds(tmp_path: Path) -> None:
    src = tmp_path / "scale.c"
    src.write_text(
        "#include <stdio.h>\n#define N 64\ndouble A[N][N];\n"
        "int main(void) {\n  int i, j;\n"
        "  for (i = 0; i < N; i++)\n    for (j = 0; j < N; j++)\n      A[i][j] = i + 2.0 * j;\n"
        "  printf(\"%f\\n\", A[3][5]);\n  return 0;\n}\n"
    )
    p = _cli("optimize", str(src), "--schedule", "B0:T2(0,1,16,16) B0:P(0)", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    out = tmp_path / "scale.polyrl.c"
    text = out.read_text()
    assert text.startswith("#include <stdio.h>\n#define N 64\n") and 'printf("%f\\n", A[3][5]);' in text
    exe = tmp_path / "scale"
    subprocess.run(["gcc", "-O2", "-fopenmp", str(out), "-o", str(exe)], check=True)
    assert subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.strip() == "13.000000"


def test_optimize_refuses_unsupported_code_in_one_line(tmp_path: Path) -> None:
    src = tmp_path / "gather.c"
    src.write_text(
        "double A[100], B[100]; int idx[100];\n"
        "void f(void) {\n#pragma scop\n  for (int i = 0; i < 100; i++)\n    A[idx[i]] = B[i];\n#pragma endscop\n}\n"
    )
    p = _cli("optimize", str(src), "--schedule", "B0:P(0)", cwd=tmp_path)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{src}:5:") and "Traceback" not in p.stderr
    assert not (tmp_path / "gather.polyrl.c").exists()


def test_optimize_refuses_an_illegal_schedule(tmp_path: Path) -> None:
    p = _cli("optimize", str(PB / KERNELS["seidel-2d"]), "-I", UTIL, "--schedule", "B0:P(0)",
             "-o", str(tmp_path / "out.c"), cwd=tmp_path)
    assert p.returncode == 2
    assert "is illegal" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.c").exists()


TRIANGULAR = """#define N0 45
double A[N0][N0];
double B[N0];
double C[N0];

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < i + 1; j++)
      C[i] = C[i] + A[i][j] * B[j];
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < N0; i++) {
    B[i] = (i % 7) * 0.5 + 1;
    C[i] = 0;
    for (j = 0; j < N0; j++)
      A[i][j] = ((i * 3 + j) % 11) * 0.25;
  }
  kernel();
  return 0;
}
"""


def test_packing_a_tile_of_a_triangle_sizes_its_buffer_with_a_parametric_bound(tmp_path: Path) -> None:
    """N0 stays a parameter, so the buffer extent of a tile of A's rows is a function of
    N0: an upper bound from the convex hull of the per-iteration extents (the exact
    parametric maximum can run for minutes on skewed tiles). The packed program must
    still compute exactly what the original does."""
    path = tmp_path / "tri.c"
    path.write_text(TRIANGULAR)
    prog = load(path)
    a = prog.model.original.arrays.index("A")
    opt = prog.apply(f"B0:T2(0,1,8,8) B0:K(0,{a})")  # the rows of an i tile, all columns up to i
    box = pack_box(opt.nest, prog.scop, (0,), "A")
    assert box is not None and len(box.extent) == 2
    assert box.extent[1].get_domain_space().dim(isl.dim_type.param) == 1 and not box.extent[1].is_cst()
    result = compare(prog.scop, opt.region_text, str(opt.schedule), Toolchain(threads=1), repeat=1)
    assert result.new.status == "ok" and result.speedup is not None, result.new.detail



# found by `polyrl fuzz --seed 23` (prog_000242): after isl's max fusion the j loop also
# runs one value past the reduction that reads B (for the last F), and the copy of B's
# column ran there too, reading B[i][N0]: past the array, so gcc might assume it never
# happens (D[590] and F[590] came out wrong)
FUSED_PAST_THE_READS = r"""#include <stdio.h>
#define N0 91
double A[N0][N0], B[N0][N0], C[N0][N0], D[N0], E[N0], F[N0];

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[j] = D[j] + 0.125 * A[i][j] - 0.9 * B[i][j] + C[i][j];
  for (i = 1; i < N0 - 1; i++)
    D[i] = 0.33 * (D[i] + D[i - 1] + D[i + 1]);
  for (i = 0; i < N0; i++)
    F[i] = 1.5 * D[i] + E[i];
#pragma endscop
}

int main(void)
{
  int i, j;
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++) {
      A[i][j] = ((3 * i + 5 * j + 2) % 19) / 19.0 + 0.5;
      B[i][j] = ((i + 3 * j + 5) % 7) / 7.0 + 0.5;
      C[i][j] = ((7 * i + 6 * j + 1) % 23) / 23.0 + 0.5;
    }
    D[i] = ((5 * i + 1) % 19) / 19.0 + 0.5;
    E[i] = ((4 * i + 4) % 19) / 19.0 + 0.5;
  }
  kernel();
  return 0;
}
"""


def test_a_pack_copies_nothing_where_its_loop_runs_past_the_reads(tmp_path: Path) -> None:
    path = tmp_path / "fused.c"
    path.write_text(FUSED_PAST_THE_READS)
    prog = load(path)
    b = prog.model.original.arrays.index("B")
    opt = prog.apply(f"B0:A(2) B0:K(0,{b})")
    # where the loop runs past the reads (its last value) the copy's first bound is -1: no rows
    assert " : -1)" in opt.region_text or "? -1 :" in opt.region_text, opt.region_text
    result = compare(prog.scop, opt.region_text, str(opt.schedule), Toolchain(threads=2), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


SKEWED_PACK = Path(__file__).parent / "programs" / "skewed_pack.c"


def test_a_pack_copies_nothing_in_the_holes_of_skewed_loops() -> None:
    """Three skews and two reversals leave points the generated loops visit where no
    statement runs. The copy's bounds were defined only where some statement runs, and
    their C text gave its last piece there: the copy read A[-41] and crashed (a policy
    sample on a generated program, session 58). Built with AddressSanitizer, so a read
    outside the array fails the run even where it would not crash."""
    schedule = "B0:S(0,1,2) B0:R(0) B0:I(0,1) B0:S(1,2,2) B0:R(2) B0:S(0,1,1) B0:I(1,2) B0:J(2,2) B0:K(1,1)"
    flags = ("-O1", "-fopenmp", "-fsanitize=address", "-fno-omit-frame-pointer")
    result = load(SKEWED_PACK).apply(schedule).run(Toolchain(flags=flags, threads=2), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail


FUNCTIONS = r"""#include <stdio.h>
#define N 300
double A[N][N], B[N][N], C[N][N], x[N], y[N];
int idx[N];

void scale(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = 2.0 * B[i][j];
}

void matvec(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
}

void gather(void)
{
  int i;
  for (i = 0; i < N; i++)
    y[i] = x[idx[i]];
}

void product(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(int argc, char **argv)
{
  int i, j;
  (void)argv;
  for (i = 0; i < N; i++) {
    x[i] = i % 17; idx[i] = (i * 7) % N;
    for (j = 0; j < N; j++) B[i][j] = (i + j) % 13;
  }
  scale(); matvec(); if (argc > 5) gather(); product();
  printf("%.17g %.17g\n", y[3], C[5][7]);
  return 0;
}
"""


def test_optimize_writes_every_scop_and_names_the_refused_nest(tmp_path: Path) -> None:
    # three functions of affine nests and one with an indirect subscript: all three are
    # optimized into one file (the policy's choice for each), the fourth is named, exit 0
    src = tmp_path / "functions.c"
    src.write_text(FUNCTIONS)
    out = tmp_path / "out.c"
    p = subprocess.run([sys.executable, "-m", "polyrl.cli", "optimize", str(src), "-o", str(out)],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    for name in ("scale", "matvec", "product"):
        assert f"function `{name}`" in p.stdout
    assert "function `gather`" not in p.stdout
    assert f"skipped: {src}:26:14: non-affine subscript `idx[i]`" in p.stdout, p.stdout
    assert "scop(s) optimized, 1 loop nest(s) skipped" in p.stdout
    text = out.read_text()
    scops = re.findall(r"^scop \d+: ", p.stdout, re.MULTILINE)
    assert len(scops) >= 3 and text.count("/* polyrl: optimized region */") == len(scops)
    runs = []
    for name, path in (("original", src), ("optimized", out)):
        exe = tmp_path / name
        subprocess.run(["gcc", "-O2", "-fopenmp", str(path), "-o", str(exe)], check=True, timeout=120)
        runs.append(subprocess.run([str(exe)], capture_output=True, text=True, check=True, timeout=120).stdout)
    assert runs[0] == runs[1]
    # a --schedule names the branches of one scop: the first, or --scop K
    for extra, changed in (((), "scale"), (("--scop", "1"), "matvec")):
        one = tmp_path / f"one{len(extra)}.c"
        p = subprocess.run([sys.executable, "-m", "polyrl.cli", "optimize", str(src), "--schedule", "B0:P(0)",
                            *extra, "-o", str(one)], capture_output=True, text=True, timeout=300)
        assert p.returncode == 0 and "schedule: B0:P(0)" in p.stdout, p.stderr
        body = one.read_text()
        assert body.count("/* polyrl: optimized region */") == 1
        assert body.index("/* polyrl: optimized region */") > body.index(f"void {changed}(void)")


GUARDED = Path(__file__).parent / "programs" / "guarded.c"


@pytest.mark.parametrize("schedule", ["B0:I(0,1)", "B0:A(1)", "B0:T2(0,1,8,8) B0:P(1)"])
def test_affine_ifs_verify_under_schedules(schedule: str) -> None:
    flags = ("-O2", "-march=native", "-fopenmp", "-ffp-contract=off")
    result = load(GUARDED).apply(schedule).run(Toolchain(flags=flags, threads=2), repeat=1)
    assert result.new.status == "ok" and result.verified is True, result.new.detail
    assert "bitwise equal" in result.new.detail
    with pytest.raises(PolyrlError, match="is illegal"):
        load(GUARDED).apply("B0:R(0)")
