"""Tests of the C++ emitter `polyrl._emit` through `polyrl.codegen.emit.emit_region`.

Hand-built LoopTrees are emitted, compiled with gcc -fopenmp inside a complete C
program, run, and compared with a reference program holding the straightforward loops;
the expression printer is checked against Python's evaluation of the same trees with C
semantics; malformed nodes must raise ValueError when they are made, and what no node
can check alone (an unknown statement, a pack without its buffer, a malformed statement
expression) when the tree is emitted.
"""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import subprocess

import pytest

from polyrl.codegen.emit import emit_region
from polyrl.codegen.looptree import Block, Buffer, For, If, LoopTree, Pack, Statement, Stmt

GCC = shutil.which("gcc")
needs_gcc = pytest.mark.skipif(GCC is None, reason="gcc not found")
CFLAGS = ["-std=c99", "-O2", "-fopenmp", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable"]


# ---------------------------------------------------------------- LoopTree builders


def loop(it, init, upper, body, *, cond=None, known_upper=True, **flags):
    return For(iter=it, init=init, cond=cond or f"{it} <= {upper}", body=body, upper=upper if known_upper else None,
               **flags)


def stmt(name, *args):
    return Stmt(name, args)


def block(*children):
    return Block(children)


def program(root, statements, decls=(), indent="  "):
    return LoopTree(root, statements, decls, indent=indent)


def it(k):
    return ["iter", k]


def num(text):
    return ["num", text]


def arr(name, *idx):
    return ["array", name, list(idx)]


def bin_(op, a, b):
    return ["binary", op, a, b]


def scalar(name):
    return ["scalar", name]


def param(name):
    return ["param", name]


# ---------------------------------------------------------------- compiling and running


def run_c(tmp_path, name: str, source: str, flags=CFLAGS) -> str:
    src = tmp_path / f"{name}.c"
    exe = tmp_path / name
    src.write_text(source)
    cc = subprocess.run([GCC, *flags, str(src), "-o", str(exe), "-lm"], capture_output=True, text=True)
    if cc.returncode != 0:
        raise AssertionError(f"gcc failed on {src}:\n{cc.stderr}")
    env = dict(os.environ, OMP_NUM_THREADS="4")
    return subprocess.run([str(exe)], check=True, capture_output=True, text=True, env=env, timeout=60).stdout


def harness(prelude: str, body: str, epilogue: str) -> str:
    return (
        f"#include <stdio.h>\n#include <math.h>\n\n{prelude}\nint main(void) {{\n{body}\n{epilogue}\n  return 0;\n}}\n"
    )


def check_against_reference(tmp_path, prelude, init, region_program, reference, printout):
    """Run the emitted region and the reference loops between the same init and printout."""
    emitted = emit_region(region_program)
    opt = run_c(tmp_path, "opt", harness(prelude, init + "\n  " + emitted, printout))
    ref = run_c(tmp_path, "ref", harness(prelude, init + "\n" + reference, printout))
    assert opt == ref, f"outputs differ; emitted:\n{emitted}"
    assert ref.strip()
    return emitted


# ---------------------------------------------------------------- matrix multiplication

MM_PRELUDE = "#define N 37\nstatic double A[N][N], B[N][N], C[N][N];"
MM_INIT = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j * 7) % 11 - 5;
      B[i][j] = (i * 5 + j * 2) % 13 - 6;
      C[i][j] = (i + j) % 3;
    }"""
MM_REFERENCE = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];"""
MM_PRINT = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g\\n", C[i][j]);"""
# S0(i, j, k): C[i][j] += A[i][k] * B[k][j]
MM_STATEMENTS = {"S0": Statement(arr("C", it(0), it(1)), "+=", bin_("*", arr("A", it(0), it(2)), arr("B", it(2), it(1))))}

# (outer c0 = i, middle c1 = k, inner c2 = j) flags: (parallel, simd, unroll, known_upper)
MM_VARIANTS = {
    "parallel-unroll4-simd": [(True, False, 1, True), (False, False, 4, True), (False, True, 1, True)],
    "plain": [(False, False, 1, True)] * 3,
    "parallel+unroll4 outer": [(True, False, 4, True), (False, False, 1, True), (False, False, 3, True)],
    "simd+unroll4 inner": [(True, False, 1, True), (False, False, 1, True), (False, True, 4, True)],
    "parallel+simd+unroll3 inner": [(False, False, 1, True), (False, False, 1, True), (True, True, 3, True)],
    "pragma unroll (no upper)": [(False, False, 2, False), (False, False, 4, False), (True, False, 2, False)],
    "unroll 64 > trip count": [(False, False, 1, True), (False, False, 64, True), (False, True, 1, True)],
}


@needs_gcc
@pytest.mark.parametrize("variant", list(MM_VARIANTS))
def test_matmul_nest(tmp_path, variant):
    (p0, s0, u0, k0), (p1, s1, u1, k1), (p2, s2, u2, k2) = MM_VARIANTS[variant]
    inner = loop("c2", "0", "N - 1", stmt("S0", "c0", "c2", "c1"), parallel=p2, simd=s2, unroll=u2, known_upper=k2)
    middle = loop("c1", "0", "N - 1", inner, parallel=p1, simd=s1, unroll=u1, known_upper=k1)
    root = loop("c0", "0", "N - 1", middle, parallel=p0, simd=s0, unroll=u0, known_upper=k0)
    emitted = check_against_reference(
        tmp_path, MM_PRELUDE, MM_INIT, program(root, MM_STATEMENTS), MM_REFERENCE, MM_PRINT
    )
    if variant == "parallel-unroll4-simd":
        lines = emitted.splitlines()
        assert "#pragma omp parallel for" in lines[lines.index(next(x for x in lines if "for (int c0" in x)) - 1]
        assert "const int polyrl_hi_c1 = N - 1;" in emitted and "c1 <= polyrl_hi_c1 - 3; c1 += 4" in emitted
        assert emitted.count("#pragma omp simd") == 5  # four unrolled copies and the remainder
        assert "B[c1 + 3][c2]" in emitted


# ---------------------------------------------------------------- tiled, skewed nest

TILE_PRELUDE = "#define N 29\nstatic double A[N][N], B[N][N];"
TILE_INIT = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 7 + j * 3) % 17;
      B[i][j] = -1;
    }"""
TILE_REFERENCE = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = A[i][j] * 2 + A[j][i] - (i - j);"""
TILE_PRINT = """  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g\\n", B[i][j]);"""


@needs_gcc
@pytest.mark.parametrize("unroll", [1, 3])
def test_tiled_skewed_nest(tmp_path, unroll):
    # Tiles of 8 over the diagonal d = i - j in [-(N-1), N-1] (negative tile numbers need
    # floord/ceild), then j inside the diagonal; i = d + j.
    statements = {
        "S0": Statement(
            arr("B", it(0), it(1)),
            "=",
            bin_(
                "-",
                bin_("+", bin_("*", arr("A", it(0), it(1)), num("2")), arr("A", it(1), it(0))),
                bin_("-", it(0), it(1)),
            ),
        )
    }
    j_upper = "polyrl_min(N - 1, N - 1 - c2)"
    inner = loop("c3", "polyrl_max(0, -c2)", j_upper, stmt("S0", "c2 + c3", "c3"), unroll=unroll)
    diag = loop("c2", "polyrl_max(8 * c0, -N + 1)", "polyrl_min(8 * c0 + 7, N - 1)", inner)
    tiles = loop("c0", "polyrl_ceild(-N - 6, 8)", "polyrl_floord(N - 1, 8)", diag, parallel=True)
    emitted = check_against_reference(
        tmp_path, TILE_PRELUDE, TILE_INIT, program(tiles, statements), TILE_REFERENCE, TILE_PRINT
    )
    assert "for (int c0 = polyrl_ceild(-N - 6, 8); c0 <= polyrl_floord(N - 1, 8); c0++) {" in emitted
    assert "B[c2 + c3][c3] = A[c2 + c3][c3] * 2 + A[c3][c2 + c3] - ((c2 + c3) - c3);" in emitted
    if unroll > 1:
        # the bound is hoisted so that gcc attaches `#pragma GCC unroll 1` to both loops
        assert "const int polyrl_hi_c3 = polyrl_min(N - 1, N - 1 - c2);" in emitted
        assert "c3 <= polyrl_hi_c3 - 2; c3 += 3" in emitted and emitted.count("#pragma GCC unroll 1") == 2


@needs_gcc
def test_floord_ceild_macros(tmp_path):
    region = emit_region(program(block(), {}))
    cases = [(n, d) for n in range(-25, 26) for d in range(1, 8)]
    body = "\n".join(f'  printf("%d %d\\n", polyrl_floord({n}, {d}), polyrl_ceild({n}, {d}));' for n, d in cases)
    body += '\n  printf("%d %d\\n", polyrl_min(3, -4), polyrl_max(3, -4));'
    out = run_c(tmp_path, "macros", harness("", "  " + region, body)).split("\n")
    for (n, d), line in zip(cases, out, strict=False):
        assert line == f"{n // d} {-(-n // d)}", (n, d)
    assert out[len(cases)] == "-4 3"


# ---------------------------------------------------------------- if, decls, order


@needs_gcc
def test_if_else_and_decreasing_order(tmp_path):
    prelude = "#define N 20\nstatic double x[N], y[N], z[N];"
    init = """  for (int i = 0; i < N; i++) { x[i] = (i * 5) % 7 - 3; y[i] = 0; z[i] = 0; }"""
    reference = """  {
    double s;
    s = 0;
    for (int i = N - 1; i >= 0; i--) {
      s = s * 0.5 + x[i];
      if (i % 3 == 0) y[i] = s; else z[i] = -s;
      if (i > 10) z[i] += 100;
    }
  }"""
    printout = """  for (int i = 0; i < N; i++) printf("%.17g %.17g\\n", y[i], z[i]);"""
    statements = {
        "S0": Statement(scalar("s"), "=", num("0")),
        "S1": Statement(scalar("s"), "=", bin_("+", bin_("*", scalar("s"), num("0.5")), arr("x", it(0)))),
        "S2": Statement(arr("y", it(0)), "=", scalar("s")),
        "S3": Statement(arr("z", it(0)), "=", ["unary", "-", scalar("s")]),
        "S4": Statement(arr("z", it(0)), "+=", num("100")),
    }
    # i = -c1, c1 from -(N-1) to 0: the statements run in decreasing i.
    body = block(
        stmt("S1", "-c1"),
        If("(-c1) % 3 == 0", stmt("S2", "-c1"), stmt("S3", "-c1")),
        If("-c1 > 10", stmt("S4", "-c1")),
    )
    root = block(stmt("S0"), loop("c1", "-N + 1", "0", body))
    emitted = check_against_reference(
        tmp_path, prelude, init, program(root, statements, decls=[("double", "s")]), reference, printout
    )
    assert "x[-c1]" in emitted
    assert "} else {" in emitted
    assert "    double s;\n" in emitted


@needs_gcc
@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("n", [0, 1, 5, 6, 7, 8, 30])
def test_unroll_with_step(tmp_path, parallel, n):
    """inc 2 and unroll 3: main loop steps 6, copies at c0 + 2 and c0 + 4, any trip count."""
    prelude = f"#define N {n}\nstatic double x[N + 1];"
    init = "  for (int i = 0; i <= N; i++) x[i] = i;"
    reference = "  for (int i = 0; i < N; i++) x[i] = x[i] * 2 + i;"
    printout = '  for (int i = 0; i <= N; i++) printf("%.17g\\n", x[i]);'
    statements = {"S0": Statement(arr("x", it(0)), "=", bin_("+", bin_("*", arr("x", it(0)), num("2")), it(0)))}
    root = loop("c0", "0", "2 * N - 2", stmt("S0", "c0 / 2"), inc="2", unroll=3, parallel=parallel)
    emitted = check_against_reference(tmp_path, prelude, init, program(root, statements), reference, printout)
    assert "c0 += 6" in emitted and "(c0 + 4) / 2" in emitted


@needs_gcc
@pytest.mark.parametrize("known_upper", [True, False])
def test_jammed_loop_is_unrolled_into_its_parent(tmp_path, known_upper):
    # i tiles of 4 (37 = 9 * 4 + 1: one partial tile), the i point loop jammed below j
    jam = loop("c3", "4 * c0", "polyrl_min(N - 1, 4 * c0 + 3)", stmt("S0", "c3", "c2", "c1"),
               known_upper=known_upper, jam=4)
    root = loop("c0", "0", "(N - 1) / 4", loop("c1", "0", "N - 1", loop("c2", "0", "N - 1", jam, simd=True)),
                parallel=True)
    text = check_against_reference(tmp_path, MM_PRELUDE, MM_INIT, program(root, MM_STATEMENTS), MM_REFERENCE,
                                   MM_PRINT)
    if known_upper:
        # the full-tile test sits outside the k and j loops; copies run unguarded under it,
        # and the partial tile is a rolled loop of at most 4 iterations
        assert "if (4 * c0 + 3 <= polyrl_min(N - 1, 4 * c0 + 3)) {" in text
        assert "C[4 * c0 + 3][c2] += A[4 * c0 + 3][c1] * B[c1][c2];" in text
        assert text.count("for (int c3") == 1 and "for (int c3 = 4 * c0; c3 <= polyrl_hi_c3; c3++) {" in text
    else:
        assert "#pragma GCC unroll 4" in text


@needs_gcc
@pytest.mark.parametrize("parallel", [True, False])
def test_packed_tile_is_copied_and_read_relative_to_its_origin(tmp_path, parallel):
    # rows 8*c0 .. 8*c0+7 of A (37 = 4 * 8 + 5: one partial tile) packed at each c0;
    # the buffer is private to each iteration of a parallel c0, allocated once otherwise
    statements = dict(MM_STATEMENTS)
    lo = [scalar("polyrl_pack0_lo0"), scalar("polyrl_pack0_lo1")]
    statements["S0p"] = Statement(
        arr("C", it(0), it(1)),
        "+=",
        bin_("*", arr("polyrl_pack0", bin_("-", it(0), lo[0]), bin_("-", it(2), lo[1])), arr("B", it(2), it(1))),
    )
    inner = loop("c1", "8 * c0", "polyrl_min(N - 1, 8 * c0 + 7)",
                 loop("c2", "0", "N - 1", loop("c3", "0", "N - 1", stmt("S0p", "c1", "c3", "c2"), simd=True)))
    root = loop("c0", "0", "(N - 1) / 8", inner, parallel=parallel,
                packs=[Pack("polyrl_pack0", "A", ["8 * c0", "0"], ["polyrl_min(N - 1, 8 * c0 + 7)", "N - 1"])],
                buffers=[Buffer("polyrl_pack0", "double", ["8", "N"])])
    text = check_against_reference(tmp_path, MM_PRELUDE, MM_INIT, program(root, statements), MM_REFERENCE, MM_PRINT)
    assert "double (*restrict polyrl_pack0)[N] = " in text
    assert "polyrl_pack0[polyrl_pack0_i0 - polyrl_pack0_lo0][polyrl_pack0_i1 - polyrl_pack0_lo1] = A[" in text
    malloc, loop_start = text.index("__builtin_malloc"), text.index("for (int c0")
    assert (malloc > loop_start) == parallel  # per iteration (each thread its own) or once around
    assert text.count("__builtin_free(polyrl_pack0_mem);") == 1


@needs_gcc
@pytest.mark.parametrize("ctype", ["double", "float"])
def test_vector_loop_with_remainder_matches_scalar_code(tmp_path, ctype):
    # j (37 = 9 * 4 + 1 lanes of AVX doubles, or 4 * 8 + 5 of floats) as explicit vectors:
    # y[i][j] = -0.0 (a scalar broadcast), then y[i][j] += x[i] * a[i][j] twice (kept in a
    # register), z[i][j] = y[i][j] - b[j] (y read back after its store)
    prelude = f"#define N 37\nstatic {ctype} a[N][N], y[N][N], z[N][N], x[N], b[N];"
    init = ("  for (int i = 0; i < N; i++) { x[i] = i % 5 - 2.5; b[i] = i * 0.25;\n"
            "    for (int j = 0; j < N; j++) { a[i][j] = (i * 7 + j) % 9 - 4; y[i][j] = 1; z[i][j] = 2; } }")
    reference = ("  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) {\n"
                 "    y[i][j] = -0.0; y[i][j] += x[i] * a[i][j]; y[i][j] += x[i] * a[i][j]; z[i][j] = y[i][j] - b[j]; }")
    printout = ('  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf("%a %a\\n", (double)y[i][j], '
                "(double)z[i][j]);")
    yij = arr("y", it(0), it(1))
    # vector=True: what polyrl.poly.vector says of each (codegen sets it)
    statements = {
        "S0": Statement(yij, "=", ["unary", "-", num("0.0f" if ctype == "float" else "0.0")], vector=True),
        "S1": Statement(yij, "+=", bin_("*", arr("x", it(0)), arr("a", it(0), it(1))), vector=True),
        "S2": Statement(arr("z", it(0), it(1)), "=", bin_("-", yij, arr("b", it(1))), vector=True),
    }
    inner = loop("c1", "0", "N - 1", block(stmt("S0", "c0", "c1"), stmt("S1", "c0", "c1"), stmt("S1", "c0", "c1"),
                                          stmt("S2", "c0", "c1")), vector=ctype)
    root = loop("c0", "0", "N - 1", inner, parallel=True)
    flags = [*CFLAGS, "-march=native", "-ffp-contract=off"]
    emitted = emit_region(program(root, statements))
    opt = run_c(tmp_path, "opt", harness(prelude, init + "\n  " + emitted, printout), flags)
    ref = run_c(tmp_path, "ref", harness(prelude, init + "\n" + reference, printout), flags)
    assert opt == ref, emitted
    assert f"typedef {ctype} polyrl_v_{ctype} __attribute__((vector_size(polyrl_vbytes)));" in emitted
    assert f"const {ctype} polyrl_s" in emitted  # x[c0]: hoisted out of the chunk loop
    assert emitted.count("__builtin_memcpy(&y[c0][c1]") == 1  # one store for S0, S1, S1
    assert f"for (; c1 + polyrl_lanes_{ctype} - 1 <= (N - 1); c1 += polyrl_lanes_{ctype})" in emitted
    assert "for (; c1 <= (N - 1); c1++) {" in emitted  # the scalar remainder


def test_vector_loop_falls_back_to_simd_when_the_body_is_not_straight_line():
    inner = loop("c1", "0", "9", If("c0 > 2", stmt("S0", "c1")), simd=True, vector="double")
    statements = {"S0": Statement(arr("x", it(0)), "=", num("1"), vector=True)}
    text = emit_region(_with(root=loop("c0", "0", "9", inner), statements=statements))
    assert "#pragma omp simd" in text and "__builtin_memcpy" not in text


@pytest.mark.parametrize("vector", [True, False])
def test_vector_loop_follows_the_statements_vector_flag(vector):
    # the rule is decided in Python (polyrl.poly.vector) and handed over per statement
    statements = {"S0": dataclasses.replace(GOOD_STMTS["S0"], vector=vector)}
    inner = loop("c1", "0", "9", stmt("S0", "c1"), simd=True, vector="double")
    text = emit_region(_with(root=loop("c0", "0", "9", inner), statements=statements))
    assert ("__builtin_memcpy" in text) == vector and ("#pragma omp simd" in text) != vector


def test_emitting_leaves_the_tree_as_it_was():
    # the rewriting before printing (hoisted jam guards, copies) works on its own copy
    jam = loop("c1", "4 * c0", "polyrl_min(9, 4 * c0 + 3)", stmt("S0", "c1"), jam=4)
    tree = _with(root=loop("c0", "0", "2", loop("c2", "0", "9", jam)))
    before = repr(tree)
    first = emit_region(tree)
    assert repr(tree) == before and emit_region(tree) == first
    assert "if (4 * c0 + 3 <= polyrl_min(9, 4 * c0 + 3)) {" in first


def test_unroll_substitutes_whole_identifiers(tmp_path):
    prelude = "#define N 11\nstatic double a[N][N];"
    init = "  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) a[i][j] = 0;"
    reference = "  for (int i = 0; i < N; i++) for (int j = 0; j <= i; j++) a[i][j] = i * 100 + j;"
    printout = '  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf("%.17g\\n", a[i][j]);'
    statements = {"S0": Statement(arr("a", it(0), it(1)), "=", bin_("+", bin_("*", it(0), num("100")), it(1)))}
    # c2 (inner, unrolled) must not be replaced inside c20 (outer).
    inner = loop("c2", "0", "c20", stmt("S0", "c20", "c2"), unroll=4)
    root = loop("c20", "0", "N - 1", inner)
    emitted = check_against_reference(tmp_path, prelude, init, program(root, statements), reference, printout)
    assert "a[c20][c2 + 3] = c20 * 100 + (c2 + 3);" in emitted
    assert "const int polyrl_hi_c2 = c20;" in emitted and "c2 <= polyrl_hi_c2 - 3" in emitted


# ---------------------------------------------------------------- the text itself


def test_output_layout():
    root = block(
        loop("c0", "0", "N - 1", stmt("S0", "c0"), parallel=True, known_upper=False),
        loop("c1", "0", "N - 1", stmt("S0", "c1"), unroll=4, known_upper=False),
        loop("c2", "N", "0", stmt("S0", "c2"), inc="-1", cond="c2 >= 0"),
    )
    statements = {"S0": Statement(arr("x", it(0)), "=", num("1.5"))}
    text = emit_region(program(root, statements, decls=[("double", "t")], indent="    "))
    lines = text.split("\n")
    assert lines[0] == "/* polyrl: optimized region */"
    assert not text.endswith("\n")
    for name in ("polyrl_min", "polyrl_max", "polyrl_floord", "polyrl_ceild"):
        assert f"#ifndef {name}\n#define {name}(" in text
    assert "#define polyrl_floord(n,d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))" in text
    body = lines[lines.index("    {") :]
    assert body == [
        "    {",
        "      double t;",
        "      #pragma omp parallel for",
        "      for (int c0 = 0; c0 <= N - 1; c0++) {",
        "        x[c0] = 1.5;",
        "      }",
        "      #pragma GCC unroll 4",
        "      for (int c1 = 0; c1 <= N - 1; c1++) {",
        "        x[c1] = 1.5;",
        "      }",
        "      for (int c2 = N; c2 >= 0; c2--) {",
        "        x[c2] = 1.5;",
        "      }",
        "    }",
    ]


# ---------------------------------------------------------------- expression printer

ARGS = ["x - 1", "-y", "z", "(x * y) + 2"]  # the C text each ["iter", k] stands for
VARS = {"x": 7, "y": -3, "z": 5, "N": 4}
INT_LIMIT = 2**31 - 1


class Discard(Exception):
    """The expression's C value is not defined (division by zero, overflow, bad shift)."""


def c_div(a, b):
    if b == 0:
        raise Discard
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_eval(e) -> int:
    kind = e[0]
    if kind == "num":
        v = int(e[1])
    elif kind in ("scalar", "param"):
        v = VARS[e[1]]
    elif kind == "iter":
        v = eval(ARGS[e[1]], {}, dict(VARS))
    elif kind == "unary":
        a = c_eval(e[2])
        v = {"-": -a, "+": a, "!": int(a == 0), "~": ~a}[e[1]]
    elif kind == "cast":
        v = c_eval(e[2])
    elif kind == "select":
        v = c_eval(e[2]) if c_eval(e[1]) else c_eval(e[3])
    elif kind == "binary":
        op, a, b = e[1], c_eval(e[2]), c_eval(e[3])
        if op in ("<<", ">>") and not (0 <= b < 8 and (op == ">>" or a >= 0)):
            raise Discard
        v = {
            "+": lambda: a + b,
            "-": lambda: a - b,
            "*": lambda: a * b,
            "/": lambda: c_div(a, b),
            "%": lambda: a - b * c_div(a, b),
            "<": lambda: int(a < b),
            "<=": lambda: int(a <= b),
            ">": lambda: int(a > b),
            ">=": lambda: int(a >= b),
            "==": lambda: int(a == b),
            "!=": lambda: int(a != b),
            "&&": lambda: int(bool(a) and bool(b)),
            "||": lambda: int(bool(a) or bool(b)),
            "&": lambda: a & b,
            "|": lambda: a | b,
            "^": lambda: a ^ b,
            "<<": lambda: a << b,
            ">>": lambda: a >> b,
        }[op]()
    else:
        raise AssertionError(kind)
    if abs(v) > INT_LIMIT:
        raise Discard
    return v


BINARY_OPS = "+ - * / % < <= > >= == != && || & | ^ << >>".split()


def random_expr(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.2:
        r = rng.random()
        if r < 0.3:
            return num(str(rng.choice([-4, -1, 0, 1, 2, 3, 9])))
        if r < 0.5:
            return scalar(rng.choice("xyz"))
        if r < 0.6:
            return param("N")
        return it(rng.randrange(len(ARGS)))
    r = rng.random()
    if r < 0.65:
        return bin_(rng.choice(BINARY_OPS), random_expr(rng, depth - 1), random_expr(rng, depth - 1))
    if r < 0.8:
        return ["unary", rng.choice(["-", "+", "!", "~"]), random_expr(rng, depth - 1)]
    if r < 0.9:
        return ["cast", "int", random_expr(rng, depth - 1)]
    return ["select", random_expr(rng, depth - 1), random_expr(rng, depth - 1), random_expr(rng, depth - 1)]


TRICKY = [
    bin_("-", scalar("x"), bin_("-", scalar("y"), scalar("z"))),
    bin_("/", num("100"), bin_("*", scalar("x"), scalar("z"))),
    bin_("-", bin_("-", scalar("x"), scalar("y")), scalar("z")),
    ["unary", "-", num("-1")],
    ["unary", "-", ["unary", "-", scalar("y")]],
    ["unary", "+", ["unary", "+", scalar("y")]],
    bin_("-", scalar("x"), ["unary", "-", scalar("y")]),
    bin_("-", scalar("x"), num("-1")),
    bin_("*", ["select", scalar("y"), num("2"), num("3")], scalar("x")),
    bin_("+", num("1"), ["select", bin_("<", scalar("x"), scalar("y")), num("10"), num("20")]),
    [
        "select",
        ["select", scalar("y"), num("0"), num("1")],
        num("5"),
        ["select", scalar("z"), num("6"), num("7")],
    ],
    bin_("%", scalar("x"), bin_("%", num("9"), num("4"))),
    bin_("*", it(0), it(1)),
    bin_("-", it(3), it(0)),
    ["unary", "-", it(1)],
    bin_("<<", num("1"), bin_("+", num("1"), num("2"))),
    bin_("&", scalar("x"), bin_("==", scalar("z"), num("5"))),
    bin_("||", bin_("&&", scalar("x"), num("0")), scalar("y")),
    bin_("&&", scalar("x"), bin_("||", num("0"), scalar("y"))),
    bin_("==", bin_("<", scalar("x"), scalar("y")), num("0")),
    ["unary", "!", bin_("+", scalar("y"), num("3"))],
    bin_("!=", ["unary", "!", scalar("z")], bin_("|", ["unary", "!", scalar("x")], scalar("y"))),
    ["cast", "int", bin_("+", scalar("x"), scalar("y"))],
    bin_("-", num("0"), ["cast", "long", bin_("-", scalar("y"), num("2"))]),
    ["unary", "-", ["cast", "int", scalar("y")]],
    arr("tab", bin_("-", scalar("z"), num("1")), bin_("%", it(0), num("3"))),
]


def _printer_program(exprs):
    statements = {f"S{k}": Statement(arr("r", num(str(k))), "=", e) for k, e in enumerate(exprs)}
    root = block(*[stmt(f"S{k}", *ARGS) for k in range(len(exprs))])
    return program(root, statements)


@needs_gcc
def test_expression_printer_against_python(tmp_path):
    rng = random.Random(1234)
    exprs = [e for e in TRICKY if e[0] != "array"]
    while len(exprs) < 400:
        e = random_expr(rng, rng.randint(1, 4))
        try:
            c_eval(e)
        except Discard:
            continue
        exprs.append(e)
    expected = [c_eval(e) for e in exprs]
    region = emit_region(_printer_program(exprs))
    prelude = f"#define N {VARS['N']}\nstatic long long r[{len(exprs)}];"
    decl = "  long long x = 7, y = -3, z = 5;\n  "
    printout = f'  for (int k = 0; k < {len(exprs)}; k++) printf("%lld\\n", r[k]);'
    # Random trees compare constants with booleans and the like; only the warnings about
    # missing parentheses concern the printer.
    # (Untaken select branches may hold constant shifts or divisions C would never run.)
    flags = [
        "-std=c99",
        "-O0",
        "-Werror",
        "-Wparentheses",
        "-Wlogical-not-parentheses",
        "-Wno-shift-count-negative",
        "-Wno-shift-count-overflow",
        "-Wno-div-by-zero",
    ]
    out = run_c(tmp_path, "printer", harness(prelude, decl + region, printout), flags).split()
    assert [int(v) for v in out] == expected


def test_expression_printer_text():
    text = emit_region(_printer_program(TRICKY))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("r[")]
    assert lines == [
        "r[0] = x - (y - z);",
        "r[1] = 100 / (x * z);",
        "r[2] = x - y - z;",
        "r[3] = -(-1);",
        "r[4] = -(-y);",
        "r[5] = +(+y);",
        "r[6] = x - -y;",
        "r[7] = x - -1;",
        "r[8] = (y ? 2 : 3) * x;",
        "r[9] = 1 + (x < y ? 10 : 20);",
        "r[10] = (y ? 0 : 1) ? 5 : (z ? 6 : 7);",
        "r[11] = x % (9 % 4);",
        "r[12] = (x - 1) * (-y);",
        "r[13] = ((x * y) + 2) - (x - 1);",
        "r[14] = -(-y);",
        "r[15] = 1 << (1 + 2);",
        "r[16] = x & (z == 5);",
        "r[17] = (x && 0) || y;",
        "r[18] = x && (0 || y);",
        "r[19] = (x < y) == 0;",
        "r[20] = !(y + 3);",
        "r[21] = (!z) != ((!x) | y);",
        "r[22] = (int)(x + y);",
        "r[23] = 0 - (long)(y - 2);",
        "r[24] = -(int)(y);",
        "r[25] = tab[z - 1][(x - 1) % 3];",
    ]


def test_double_expressions_print_calls_and_casts():
    statements = {
        "S0": Statement(
            arr("A", it(0), bin_("+", it(1), num("1"))),
            "+=",
            ["call", "sqrt", [bin_("/", ["cast", "double", param("N")], bin_("*", num("2.0"), num("1e-3")))]],
        ),
        "S1": Statement(scalar("s"), "*=", ["call", "pow", [scalar("s"), num("2")]]),
    }
    text = emit_region(program(block(stmt("S0", "c0", "c1"), stmt("S1")), statements))
    assert "A[c0][c1 + 1] += sqrt((double)(N) / (2.0 * 1e-3));" in text
    assert "s *= pow(s, 2);" in text


# ---------------------------------------------------------------- malformed input

GOOD_LOOP = loop("c0", "0", "9", stmt("S0", "c0"))
GOOD_STMTS = {"S0": Statement(arr("x", it(0)), "=", num("1"))}


def _with(root=GOOD_LOOP, statements=GOOD_STMTS, **extra):
    return LoopTree(root, statements, **extra)


def _rhs(rhs, lhs=None, op="="):
    return _with(statements={"S0": Statement(lhs or arr("x", it(0)), op, rhs)})


def _deep(n):
    e = num("1")
    for _ in range(n):
        e = ["unary", "-", e]
    return e


def _deep_block(n):
    node = GOOD_LOOP
    for _ in range(n):
        node = block(node)
    return node


def _loop(**changes):
    return dataclasses.replace(GOOD_LOOP, **changes)


def _pack(**changes):
    return Pack(**{"buffer": "b", "array": "x", "lower": ["0"], "upper": ["9"], **changes})


def test_good_base_case_emits():
    assert "x[c0] = 1;" in emit_region(_with())


# Each node checks its own fields when it is made (a lambda: the node is made in the test).
@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: _loop(body={"kind": "while"}), "expected a Block, For, If or Stmt, got dict"),
        (lambda: block({"children": []}), "children[0]: expected a Block, For, If or Stmt"),
        (lambda: _loop(iter="c 0"), "not a C identifier"),
        (lambda: _loop(iter=None), "For.iter: expected a str"),
        (lambda: _loop(cond="c0 <= 9; x"), "not a C expression"),
        (lambda: _loop(init="(0"), "not a C expression"),
        (lambda: _loop(unroll=True), "expected an int"),
        (lambda: _loop(unroll=0), "unroll factor"),
        (lambda: _loop(unroll="4"), "expected an int"),
        (lambda: _loop(parallel="yes"), "expected a bool"),
        (lambda: _loop(body=[]), "For.body: expected a Block, For, If or Stmt"),
        (lambda: block(GOOD_LOOP, 3), "Block.children[1]: expected a Block, For, If or Stmt"),
        (lambda: If("1", 5), "If.then: expected a Block, For, If or Stmt"),
        (lambda: Statement(num("1"), "**=", num("1")), "assignment operator"),
        (lambda: _with(decls=[["double"]]), "expected [type, name]"),
        (lambda: _with(decls=[["double", "s t"]]), "not a C identifier"),
        (lambda: _with(indent="x"), "indent"),
        (lambda: _loop(unroll=2**70), "unroll factor"),
        (lambda: _loop(jam=0), "jam factor"),
        (lambda: _pack(upper=[]), "same number"),
        (lambda: Buffer("b", "double;", ["1"]), "not a C type"),
        (lambda: _loop(vector="int"), "vector element type must be 'double' or 'float'"),
        (lambda: _pack(transposed=True), "a transposed buffer needs two dimensions"),
        (lambda: _with(statements={"S0": {"lhs": arr("x", it(0)), "op": "=", "rhs": num("1")}}),
         "expected a Statement, got dict"),
    ],
)
def test_malformed_node_raises_value_error(make, message):
    with pytest.raises(ValueError, match="LoopTree") as info:
        make()
    assert message in str(info.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: LoopTree(statements=GOOD_STMTS),  # no root
        lambda: LoopTree(GOOD_LOOP),  # no statements
        lambda: For(iter="c0", init="0", cond="c0 <= 9"),  # no body
        lambda: Statement(arr("x", it(0)), "="),  # no right-hand side
    ],
)
def test_missing_fields_are_type_errors(make):
    with pytest.raises(TypeError):
        make()


def test_emit_region_takes_a_loop_tree():
    with pytest.raises(TypeError, match="LoopTree"):
        emit_region({"root": GOOD_LOOP, "statements": GOOD_STMTS})


# What no node can check alone, and the statements' plain expressions: checked when emitted.
@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (_with(root=stmt("S9", "c0")), "unknown statement 'S9'"),
        (_with(root=loop("c0", "0", "9", stmt("S0"))), "uses 1 iterators but the node gives 0"),
        (_rhs(num("1"), lhs=num("1")), "left-hand side"),
        (_rhs(["nope", 1]), "unknown expression"),
        (_rhs(["binary", "**", num("1"), num("2")]), "unknown binary operator"),
        (_rhs(["binary", "+", num("1")]), "takes 3 fields"),
        (_rhs(num("1; abort()")), "not a numeric literal"),
        (_rhs(num("1"), lhs=arr("x", ["iter", "0"])), "expected an int"),
        (_rhs(num("1"), lhs=arr("x", it(-1))), "bad iterator index"),
        (_rhs(num("1"), lhs=arr("x", ["iter", 2**70])), "integer out of range"),
        (_rhs(["cast", "int)(x", num("1")]), "not a C type"),
        (_rhs([]), "empty expression"),
        (_with(root=_loop(packs=[_pack()])), "buffer 'b' is not allocated by this loop or one around it"),
        (_with(root=_loop(packs=[_pack()], buffers=[Buffer("b", "double", ["10", "2"])])),
         "buffer 'b' has 2 dimensions, the pack 1"),
        (_rhs(_deep(5000)), "nested too deeply"),
        (_with(root=_deep_block(2000)), "nested too deeply"),
    ],
)
def test_malformed_tree_raises_value_error(bad, message):
    with pytest.raises(ValueError, match="LoopTree") as info:
        emit_region(bad)
    assert message in str(info.value)


# gcc 12.2 -O3 -march=native completely unrolls a short loop and then vectorizes the loop
# around it across a dependence; on this in-place 3-D stencil with its innermost loop
# unrolled by 4 it did so to the unrolled loops until they were marked `GCC unroll 1`
STENCIL3D = r"""#include <stdio.h>
#define N 28
double H[N][N][N];

static void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
      for (k = 1; k < N - 1; k++)
        H[i][j][k] = 0.2 * (H[i][j][k] + H[i - 1][j - 1][k - 1] + H[i][j - 1][k - 1] + H[i][j + 1][k + 1]
                            + H[i + 1][j - 1][k - 1]);
#pragma endscop
}

int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        H[i][j][k] = (double)((6 * i + 2 * j + k + 2) % 19) / 19 + 0.5;
  kernel();
  printf("%g\n", H[1][2][2]);
  return 0;
}
"""


def _load_source(path, text):
    from polyrl.api import load

    path.write_text(text)
    return load(path)


def _with_loops(node, **changes):
    """`node` with every `for` node below it (itself included) changed as `changes` say."""
    if isinstance(node, Block):
        return Block(tuple(_with_loops(c, **changes) for c in node.children))
    if isinstance(node, If):
        orelse = None if node.orelse is None else _with_loops(node.orelse, **changes)
        return If(node.cond, _with_loops(node.then, **changes), orelse)
    if isinstance(node, For):
        return dataclasses.replace(node, body=_with_loops(node.body, **changes), **changes)
    return node


@needs_gcc
def test_explicit_unrolling_is_final(tmp_path):
    from polyrl.codegen import loop_tree
    from polyrl.runtime import Toolchain, compare

    program = _load_source(tmp_path / "stencil3d.c", STENCIL3D)
    optimized = program.apply("B0:U(4)")
    # the innermost loop carries no dependence, so codegen asks gcc to unroll it; the
    # copies are what this test is about (they are used where a dependence is carried)
    tree = loop_tree(program.model, optimized.nest)
    text = emit_region(dataclasses.replace(tree, root=_with_loops(tree.root, unroll_copies=True)))
    assert text.count("#pragma GCC unroll 1") == 2 and "c2 + 3" in text
    result = compare(program.scop, text, "B0:U(4)", Toolchain(threads=1), repeat=1)
    assert result.new.status == "ok" and result.verified, result.new.detail


SEIDEL3D = r"""#include <stdio.h>
#define N 45
double V[N][N][N];

static void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
      for (k = 1; k < N - 1; k++)
        V[i][j][k] = 0.25 * (V[i][j][k] + V[i + 1][j][k] + V[i][j - 1][k - 1] + V[i][j][k + 1]);
#pragma endscop
}

int main(void)
{
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        V[i][j][k] = (double)((3 * i + 7 * j + 4 * k + 3) % 13) / 13 + 0.5;
  kernel();
  printf("%g\n", V[1][2][2]);
  return 0;
}
"""


@needs_gcc
def test_partial_jam_tiles_are_a_rolled_loop(tmp_path):
    """k jammed by 4 into j: k runs 1..43, so the first and last tiles are partial. Their
    guarded copies inside the j loop were vectorized across j's dependence by gcc 12.2 -O3
    (V[1][2][2] wrong, found by `polyrl measure` on a generated program); printed as a
    rolled loop, they compute what the original does."""
    from polyrl.runtime import Toolchain, compare

    program = _load_source(tmp_path / "seidel3d.c", SEIDEL3D)
    schedule = "B0:I(1,2) B0:J(1,4)"
    text = program.apply(schedule).region_text
    assert "#pragma GCC unroll 1" in text and "c3 <= polyrl_hi_c3" in text
    result = compare(program.scop, text, schedule, Toolchain(threads=1), repeat=1)
    assert result.new.status == "ok" and result.verified, result.new.detail


JACOBI1D = r"""#define N 1000
double A[N], B[N], s[N];

static void kernel(void)
{
  int t, i;
#pragma scop
  for (t = 0; t < 20; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    for (i = 1; i < N; i++)
      s[i] = s[i - 1] + A[i];
  }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    A[i] = (double)(i % 7 + 2) / N;
    B[i] = (double)(i % 5 + 3) / N;
  }
  kernel();
  return 0;
}
"""


@needs_gcc
def test_unrolling_a_vectorizable_loop_is_left_to_gcc(tmp_path):
    # U(4) on a loop gcc vectorizes as written becomes `#pragma GCC unroll 4`: four
    # copies of the body would make gcc vectorize strided groups with permutations
    # (3-4x slower on jacobi-1d). A loop that carries a dependence (the running sum)
    # still gets the copies, and both are right.
    from polyrl.runtime import Toolchain

    program = _load_source(tmp_path / "jacobi1d.c", JACOBI1D)
    optimized = program.apply("B0:U(4) B1:U(4) B2:U(4)")
    text = optimized.region_text
    assert text.count("#pragma GCC unroll 4") == 2
    assert "c1 + 3" in text and text.count("#pragma GCC unroll 1") == 2
    assert "B[c1 + 1] =" not in text and "s[c1 + 1] =" in text
    result = optimized.run(Toolchain(threads=1), repeat=1)
    assert result.new.status == "ok" and result.verified, result.new.detail


# Seed 325's first nest (session 79), shrunk: after isl's fused, skewed schedule (A(2)) the
# loop jammed by 4 starts at a conditional, `4 * c1 + 3 == N0 && ... ? N0 - 3 : -N0 + c2 + 1`.
SKEWED_EDGE = r"""#define N0 7
double A[N0][N0][N0], B[N0][N0][N0];

static void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++)
      for (k = 0; k < j + 1; k++)
        B[i][j][k] = B[i][j][k] + A[i][j][k] * A[i][k][j] / 3.0;
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        B[i][j][k] = 0.0625 * (B[i][j][k] + B[i][j - 1][k - 1] + B[i][j - 1][k] + B[i][j - 1][k + 1]
                               + B[i][j][k - 1] + B[i][j][k + 1] + B[i][j + 1][k - 1] + B[i][j + 1][k]
                               + B[i][j + 1][k + 1]) / 7.0;
    for (k = 0; k < N0; k++)
      B[i][N0 - 1][k] = 1.0;
  }
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N0; i++)
    for (int j = 0; j < N0; j++)
      for (int k = 0; k < N0; k++) {
        A[i][j][k] = (double)((i + 5 * j + 6 * k + 4) % 13) / 13 + 0.5;
        B[i][j][k] = (double)((3 * i + 5 * j + 5 * k + 4) % 23) / 23 + 0.5;
      }
  kernel();
  return 0;
}
"""


@needs_gcc
def test_a_jammed_loop_that_starts_at_a_conditional_offsets_all_of_it(tmp_path):
    """The copies of a jammed loop run at init + 1, init + 2, ...; where init was a
    conditional, `c ? a : b + 1` offset only its second arm, and 63 of 343 elements of B
    came out wrong (N0 = 3 mod 4; found by `polyrl measure` on seed 325). Parenthesised,
    every copy computes what the original does."""
    from polyrl.runtime import Toolchain, compare

    program = _load_source(tmp_path / "skewed_edge.c", SKEWED_EDGE)
    schedule = "B0:A(2) B0:J(1,4)"
    text = program.apply(schedule).region_text
    assert " ? " in text  # the conditional lower bound is there
    assert ": -N0 + c2 + 1 + 1)" not in text
    result = compare(program.scop, text, schedule, Toolchain(threads=1), repeat=1)
    assert result.new.status == "ok" and result.verified, result.new.detail
