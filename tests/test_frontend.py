"""Front end: real libclang parse -> Scop with real isl objects."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import islpy as isl
import pytest

from polyrl.errors import PolyrlError
from polyrl.frontend import load_scop, load_scops
from polyrl.interrupt import raise_if_swallowed, stop_on_signals
from polyrl.ir import ArrayRef, Binary, Call, Cast, Iter, Num, Param, Scalar, Select, expr_to_plain

BAD = sorted((Path(__file__).parent / "bad_input").glob("*.c"))
POLYBENCH = Path(__file__).resolve().parent.parent / "datasets" / "polybench"


def write(tmp_path: Path, text: str, name: str = "k.c") -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def precedes(scop, a: str, a_point: list[int], b: str, b_point: list[int]) -> bool:
    """True when instance a[a_point] runs before b[b_point] under the original schedule."""
    fix = {p: v for p, v in scop.param_values.items() if v is not None}
    sa = scop.statement(a).original_schedule
    sb = scop.statement(b).original_schedule
    ta = _image(sa, a_point, fix)
    tb = _image(sb, b_point, fix)
    return ta < tb


def _image(sched: isl.Map, point: list[int], fix: dict[str, int]) -> list[int]:
    m = sched
    for i, v in enumerate(point):
        m = m.fix_val(isl.dim_type.in_, i, v)
    for name, v in fix.items():
        k = m.find_dim_by_name(isl.dim_type.param, name)
        if k >= 0:
            m = m.fix_val(isl.dim_type.param, k, v)
    rng = m.range()
    pt = rng.sample_point()
    return [pt.get_coordinate_val(isl.dim_type.set, k).to_python() for k in range(rng.dim(isl.dim_type.set))]


PLAIN = """
#include <stdio.h>
#define N 100
#define M 200
double A[N][M], x[M], y[N];

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = (double)(i * j % N) / M;
  for (i = 0; i < N; i++) {
    y[i] = 0.0;
    for (j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }
  printf("%f\\n", y[0]);
  for (i = 0; i < N; i++)
    y[i] = y[i] * 2;
  return 0;
}
"""


def test_plain_c_global_arrays_and_macro_params(tmp_path):
    path = write(tmp_path, PLAIN)
    scops = load_scops(path)
    assert len(scops) == 2  # printf splits the runs
    s = scops[0]
    assert s.function == "main"
    assert s.params == ("N", "M")
    assert s.param_values == {"N": 100, "M": 200}
    assert [st.name for st in s.statements] == ["S0", "S1", "S2"]
    s0, s1, s2 = s.statements
    assert s0.domain.is_equal(isl.Set("[N, M] -> { S0[i, j] : 0 <= i < N and 0 <= j < M }"))
    assert s0.iterators == ("i", "j")
    assert s0.lhs == ArrayRef("A", (Iter(0), Iter(1)))
    ij = Binary("*", Iter(0), Iter(1))
    assert s0.rhs == Binary("/", Cast("double", Binary("%", ij, Param("N"))), Param("M"))
    assert s.arrays["A"].dims == (100, 200)
    assert s.arrays["A"].ctype == "double"
    assert s1.op == "=" and s1.rhs == Num("0.0")
    assert s2.op == "+="
    assert s2.reads.is_equal(isl.UnionMap(
        "[N, M] -> { S2[i, j] -> y[i] : 0 <= i < N and 0 <= j < M;"
        " S2[i, j] -> A[i, j] : 0 <= i < N and 0 <= j < M;"
        " S2[i, j] -> x[j] : 0 <= i < N and 0 <= j < M }"))
    assert s2.writes.is_equal(isl.UnionMap("[N, M] -> { S2[i, j] -> y[i] : 0 <= i < N and 0 <= j < M }"))
    # the region is the loop text, from the first `for` to the last `}`
    text = s.source[s.region[0]:s.region[1]]
    assert text.startswith("for (i = 0; i < N; i++)\n    for (j")
    assert text.endswith("y[i] += A[i][j] * x[j];\n  }")
    assert s.indent == "  "
    assert s.schedule_depth == 5
    # instance order: the first nest entirely before the second
    assert precedes(s, "S0", [99, 199], "S1", [0])
    assert precedes(s, "S1", [3], "S2", [3, 0])
    assert precedes(s, "S2", [3, 199], "S1", [4])
    # expression trees are plain data for the emitter
    assert expr_to_plain(s2.rhs)[0] == "binary"
    last = scops[1]
    assert last.source[last.region[0]:last.region[1]] == "for (i = 0; i < N; i++)\n    y[i] = y[i] * 2;"


def test_union_maps_of_the_scop(tmp_path):
    s = load_scop(write(tmp_path, PLAIN))
    w = s.union_writes()
    assert isinstance(w, isl.UnionMap)
    assert not s.union_reads().is_empty()
    assert s.union_original_schedule().is_injective()
    assert s.union_domain().is_equal(isl.UnionSet(
        "[N, M] -> { S0[i, j] : 0 <= i < N and 0 <= j < M; S1[i] : 0 <= i < N;"
        " S2[i, j] : 0 <= i < N and 0 <= j < M }"))


def test_function_params_triangular_and_decreasing(tmp_path):
    path = write(tmp_path, """
void kern(int n, int m, double alpha, double C[100][200], double (*D)[200], float *v) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; j++)
      C[i][j] *= alpha;
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i; j > 0; --j)
      D[i][j] = D[i][j - 1] + v[j];
  }
}
""")
    s = load_scop(path, function="kern")
    assert s.params == ("n",)
    assert s.param_values == {"n": None}
    s0, s1 = s.statements
    assert s0.domain.is_equal(isl.Set("[n] -> { S0[i, j] : 0 <= i < n and 0 <= j <= i }"))
    assert s0.reads.is_equal(isl.UnionMap(
        "[n] -> { S0[i, j] -> C[i, j] : 0 <= i < n and 0 <= j <= i;"
        " S0[i, j] -> alpha[] : 0 <= i < n and 0 <= j <= i }"))
    assert s0.rhs == Scalar("alpha")
    assert s.arrays["alpha"].dims == ()
    assert s.arrays["C"].dims == (None, 200)
    assert s.arrays["D"].dims == (None, 200)
    assert s.arrays["v"].dims == (None,) and s.arrays["v"].ctype == "float"
    assert s1.domain.is_equal(isl.Set("[n] -> { S1[i, j] : 0 <= i < n and 0 < j <= i }"))
    # decreasing loops run from high to low
    assert precedes(s, "S1", [5, 3], "S1", [5, 2])
    assert precedes(s, "S1", [5, 1], "S1", [4, 4])
    assert precedes(s, "S0", [9, 9], "S1", [9, 9])
    assert s1.original_schedule.is_equal(isl.Map(
        "[n] -> { S1[i, j] -> [1, -i, 0, -j, 0] : 0 <= i < n and 0 < j <= i }"))


def test_min_max_bounds_and_local_scalar(tmp_path):
    path = write(tmp_path, """
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void band(int n, int m, double A[n][m], double *out) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = MAX(0, i - 2); j < MIN(m, i + 3); j++)
      s += A[i][j];
    out[i] = s / 5.0f;
  }
#pragma endscop
}
""")
    s = load_scop(path)
    assert s.local_decls == ("s",)
    assert s.arrays["s"].dims == () and s.arrays["s"].ctype == "double"
    s0, s1, s2 = s.statements
    assert s0.lhs == Scalar("s") and s0.rhs == Num("0.0") and s0.iterators == ("i",)
    assert s1.domain.is_equal(isl.Set(
        "[n, m] -> { S1[i, j] : 0 <= i < n and j >= 0 and j >= i - 2 and j < m and j < i + 3 }"))
    assert s1.writes.is_equal(isl.UnionMap(
        "[n, m] -> { S1[i, j] -> s[] : 0 <= i < n and j >= 0 and j >= i - 2 and j < m and j < i + 3 }"))
    assert s2.rhs == Binary("/", Scalar("s"), Num("5.0f"))
    assert s.arrays["A"].dims == (None, None)
    # 2d+1 schedule with padding for the shallower statements
    assert s.schedule_depth == 5
    assert s0.original_schedule.is_equal(isl.Map("[n, m] -> { S0[i] -> [0, i, 0, 0, 0] : 0 <= i < n }"))
    assert precedes(s, "S0", [1], "S1", [1, 0])
    assert precedes(s, "S1", [1, 3], "S2", [1])
    assert precedes(s, "S2", [1], "S0", [2])
    region = s.source[s.region[0]:s.region[1]]
    assert region.startswith("#pragma scop\n") and region.endswith("#pragma endscop")


def test_affine_ifs_are_domain_constraints():
    path = str(Path(__file__).parent / "programs" / "guarded.c")
    s = load_scop(path)
    s0, s1, s2, s3 = s.statements
    assert s0.domain.is_equal(isl.Set(
        "[N, m] -> { S0[i, j] : 2 <= i <= N - 2 and 0 <= j < N and (j != i or i >= 5) }"))
    assert s1.domain.is_equal(isl.Set("[N, m] -> { S1[i, j] : 2 <= i <= 4 and i <= N - 2 and j = i }"))
    assert s2.domain.is_equal(isl.Set("[N, m] -> { S2[i] : 0 <= i < N }"))
    assert s1.guard == "i >= 2 && i + 1 < N && !(j != i || !(i < 5))" and s2.guard == ""
    assert s3.domain.is_equal(isl.Set("[N, m] -> { S3[i] : 0 <= i < N and i = m }"))
    # the statements of an `if` keep their places in the source order
    assert precedes(s, "S0", [3, 39], "S2", [3]) and precedes(s, "S1", [3, 3], "S0", [3, 4])
    assert precedes(s, "S2", [3], "S3", [3]) and precedes(s, "S3", [3], "S0", [4, 0])
    assert s.statement("S0").writes.is_equal(isl.UnionMap(
        "[N, m] -> { S0[i, j] -> A[i, j] : 2 <= i <= N - 2 and 0 <= j < N and (j != i or i >= 5) }"))


@pytest.mark.parametrize(("cond", "message"), [
    ("A[i][0] > 0", "if condition depends on data"),
    ("i * i < N", "non-affine `if` condition"),
    ("i", "must compare affine expressions"),
])
def test_conditions_that_are_not_affine_are_refused(tmp_path, cond, message):
    path = write(tmp_path, f"""
#define N 40
double A[N][N];
void f(void) {{
#pragma scop
  for (int i = 0; i < N; i++)
    if ({cond})
      A[i][1] = 0.0;
#pragma endscop
}}
""")
    with pytest.raises(PolyrlError, match=re.escape(message)):
        load_scop(path)


POLYBENCH_STYLE = """
#include <math.h>
#define NI 60
#define NJ 70
#define NK 80
#define LOOP_BOUND(x, y) x
#define _PB_NI LOOP_BOUND(NI, ni)
#define _PB_NJ NJ
#define _PB_NK (NK)
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define POLYBENCH_2D(x, a, b, c, d) x[a][b]

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, NI, NJ, ni, nj),
                        DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                        DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj))
{
  int i, j, k;

#pragma scop
  for (i = 0; i < _PB_NI; i++) {
    for (j = 0; j < _PB_NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_NK; k++) {
       for (j = 0; j < _PB_NJ; j++)
          C[i][j] += alpha * A[i][k] * B[k][j] + SCALAR_VAL(0.5) * SQRT_FUN(A[i][k]);
    }
  }
#pragma endscop
}
"""


def test_polybench_style(tmp_path):
    s = load_scop(write(tmp_path, POLYBENCH_STYLE))
    assert s.function == "kernel_gemm"
    assert s.params == ("_PB_NI", "_PB_NJ", "_PB_NK")
    assert s.param_values == {"_PB_NI": 60, "_PB_NJ": 70, "_PB_NK": 80}
    s0, s1 = s.statements
    assert s0.domain.is_equal(isl.Set(
        "[_PB_NI, _PB_NJ, _PB_NK] -> { S0[i, j] : 0 <= i < _PB_NI and 0 <= j < _PB_NJ }"))
    assert s1.iterators == ("i", "k", "j")
    assert s1.writes.is_equal(isl.UnionMap(
        "[_PB_NI, _PB_NJ, _PB_NK] -> { S1[i, k, j] -> C[i, j] : 0 <= i < _PB_NI and 0 <= j < _PB_NJ and "
        "0 <= k < _PB_NK }"))
    assert s.arrays["C"].dims == (None, 70)
    assert s.arrays["A"].ctype == "double"
    # SCALAR_VAL(0.5) shows the literal as written; the macro call becomes a math call
    plain = expr_to_plain(s1.rhs)
    assert ["num", "0.5"] in plain[3][1:]
    assert plain[3][3] == ["call", "sqrt", [["array", "A", [["iter", 0], ["iter", 1]]]]]
    assert isinstance(s1.rhs, Binary) and isinstance(s1.rhs.rhs, Binary) and isinstance(s1.rhs.rhs.rhs, Call)
    assert precedes(s, "S0", [0, 69], "S1", [0, 0, 0])
    assert precedes(s, "S1", [0, 79, 69], "S0", [1, 0])
    assert not precedes(s, "S1", [0, 1, 0], "S1", [0, 0, 5])
    region = s.source[s.region[0]:s.region[1]]
    assert region.startswith("#pragma scop") and region.endswith("#pragma endscop")
    assert s.indent == "  "


def test_defines_change_param_values(tmp_path):
    text = POLYBENCH_STYLE.replace("#define NI 60", "#ifndef NI\n#define NI 60\n#endif")
    s = load_scop(write(tmp_path, text), defines={"NI": "7"})
    assert s.param_values["_PB_NI"] == 7


def test_include_dirs_and_header_macros(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "sizes.h").write_text("#define LEN 32\n#define EPS 1e-3\n")
    src = tmp_path / "src"
    src.mkdir()
    path = write(src, """
#include "sizes.h"
double v[LEN];
void f(void) {
  for (int i = 1; i <= LEN - 1; i++)
    v[i] = v[i - 1] + EPS;
}
""")
    s = load_scop(path, include_dirs=[str(inc)])
    assert s.params == ("LEN",) and s.param_values == {"LEN": 32}
    st = s.statements[0]
    assert st.domain.is_equal(isl.Set("[LEN] -> { S0[i] : 1 <= i <= LEN - 1 }"))
    assert st.rhs == Binary("+", ArrayRef("v", (Binary("-", Iter(0), Num("1")),)), Num("1e-3"))


def test_loop_forms(tmp_path):
    path = write(tmp_path, """
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void f(int n, double A[100]) {
#pragma scop
  for (int i = 0; n > i; i = i + 1)
    A[i] = 1;
  for (int i = n; i >= 1; i -= 1)
    A[i - 1] = 2 * A[i] + A[2 * i - n];
  for (int i = 1; 10 >= i && i < MIN(n, 50) - 1; i += 1)
    A[i]++;
  for (int i = 0; i + 1 < n; i++)
    for (int j = n; 2 * i - j <= 3; j--)
      A[i + j] -= 1;
#pragma endscop
}
""")
    s = load_scop(path)
    s0, s1, s2, s3 = s.statements
    assert s0.domain.is_equal(isl.Set("[n] -> { S0[i] : 0 <= i < n }"))
    assert s1.domain.is_equal(isl.Set("[n] -> { S1[i] : 1 <= i <= n }"))
    assert s1.reads.is_equal(isl.UnionMap(
        "[n] -> { S1[i] -> A[i] : 1 <= i <= n; S1[i] -> A[2i - n] : 1 <= i <= n }"))
    assert s2.domain.is_equal(isl.Set("[n] -> { S2[i] : 1 <= i <= 10 and i < n - 1 and i < 49 }"))
    assert s2.op == "+=" and s2.rhs == Num("1")
    assert s3.domain.is_equal(isl.Set("[n] -> { S3[i, j] : 0 <= i < n - 1 and 2i - 3 <= j <= n }"))
    assert precedes(s, "S0", [5], "S1", [7])


def test_top_level_statements_and_select(tmp_path):
    path = write(tmp_path, """
double A[10], total;
void f(void) {
  int i;
#pragma scop
  total = 0;
  {
    for (i = 0; i < 10; i++)
      total += A[i] > 0 ? A[i] : -A[i];
  }
  A[0] = total;
#pragma endscop
}
""")
    s = load_scop(path)
    s0, s1, s2 = s.statements
    assert s0.iterators == () and s0.lhs == Scalar("total")
    assert s0.domain.is_equal(isl.Set("{ S0[] }"))
    assert isinstance(s1.rhs, Select)
    assert s.schedule_depth == 3
    assert precedes(s, "S0", [], "S1", [0])
    assert precedes(s, "S1", [9], "S2", [])
    assert s.written_arrays() == ["total", "A"]


def test_skips_non_static_nests_without_pragma(tmp_path):
    path = write(tmp_path, """
double A[10];
int idx[10];
void f(void) {
  for (int i = 0; i < 10; i++)
    A[idx[i]] = 0;
  for (int i = 0; i < 10; i++)
    A[i] = 1;
}
void g(void) {
  for (int i = 0; i < 10; i++)
    A[i] = 2;
}
""")
    scops = load_scops(path)
    assert [s.function for s in scops] == ["f", "g"]
    first = scops[0]
    assert first.source[first.region[0]:first.region[1]] == "for (int i = 0; i < 10; i++)\n    A[i] = 1;"
    assert [s.function for s in load_scops(path, function="g")] == ["g"]
    with pytest.raises(PolyrlError, match="no function `h`"):
        load_scops(path, function="h")


def test_iterator_names_clashing_with_isl(tmp_path):
    path = write(tmp_path, """
double A[10][10];
void f(void) {
  for (int min = 0; min < 10; min++)
    for (int and = 0; and < min; and++)
      A[min][and] = 0;
}
""")
    s = load_scop(path)
    st = s.statements[0]
    assert st.iterators == ("min", "and")
    assert st.domain.is_equal(isl.Set("{ S0[a, b] : 0 <= a < 10 and 0 <= b < a }"))


def test_non_ascii_source_region_is_in_characters(tmp_path):
    path = write(tmp_path, """// café ünïcode
double A[10];
void f(void) {
  for (int i = 0; i < 10; i++)
    A[i] = 0;  /* ñ */
}
""")
    s = load_scop(path)
    assert s.source[s.region[0]:s.region[1]] == "for (int i = 0; i < 10; i++)\n    A[i] = 0;"


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_input_is_a_one_line_error(path):
    assert len(BAD) >= 12
    with pytest.raises(PolyrlError) as info:
        load_scop(str(path))
    msg = str(info.value)
    assert re.match(r"^.+:\d+:\d+: .+", msg), msg
    assert "\n" not in msg
    head = path.read_bytes().split(b"\n", 1)[0]
    m = re.match(rb"/\* expect: (.*) \*/", head)
    if m:
        assert m.group(1).decode() in msg


def test_missing_file_is_a_polyrl_error(tmp_path):
    with pytest.raises(PolyrlError, match="cannot read"):
        load_scops(str(tmp_path / "nope.c"))


KERNELS = sorted(p for p in POLYBENCH.glob("**/*.c") if "utilities" not in p.parts)


@pytest.mark.parametrize("path", KERNELS, ids=[p.stem for p in KERNELS])
def test_polybench_kernels_load(path):
    s = load_scop(str(path), include_dirs=[str(POLYBENCH / "utilities")])
    assert s.statements
    assert s.params and all(p.startswith("_PB_") for p in s.params)
    assert all(v is not None for v in s.param_values.values())
    assert s.union_original_schedule().is_injective()
    for st in s.statements:
        assert st.original_schedule.domain().is_equal(st.domain)


def test_pragma_in_two_functions_and_function_filter(tmp_path):
    path = write(tmp_path, """
double A[10], B[10];
void f(void) {
#pragma scop
  for (int i = 0; i < 10; i++)
    A[i] = 0;
#pragma endscop
  for (int i = 0; i < 10; i++)
    B[i] = 0;
}
void g(int t0) {
  for (int t = 0; t < t0; t++) {
    #pragma scop
    for (int i = 1; i < 10; i++)
      B[i] = B[i - 1] + t;
    #pragma endscop
  }
}
""")
    scops = load_scops(path)
    assert [s.function for s in scops] == ["f", "g"]
    assert len(scops[0].statements) == 1  # with pragmas, only the marked regions count
    g = load_scop(path, function="g")
    assert g.params == ("t",)  # the enclosing loop's iterator is a parameter of the scop
    assert g.statements[0].rhs == Binary("+", ArrayRef("B", (Binary("-", Iter(0), Num("1")),)), Param("t"))
    assert g.indent == "    "
    assert g.source[g.region[0]:g.region[1]].startswith("    #pragma scop\n")
    assert g.statements[0].text == "B[i] = B[i - 1] + t;"
    assert g.statements[0].line == 15


def test_chained_assignment(tmp_path):
    s = load_scop(write(tmp_path, """
double a, b, A[5];
void f(double k) {
#pragma scop
  a = b = k * 2;
  for (int i = 0; i < 5; i++)
    A[i] = a;
#pragma endscop
}
"""))
    s0, s1, s2 = s.statements
    assert (s0.lhs, s0.rhs) == (Scalar("b"), Binary("*", Scalar("k"), Num("2")))
    assert (s1.lhs, s1.rhs) == (Scalar("a"), Scalar("b"))
    assert s1.reads.is_equal(isl.UnionMap("{ S1[] -> b[] }"))
    assert precedes(s, "S0", [], "S1", [])
    assert precedes(s, "S1", [], "S2", [0])


def test_error_in_header_names_the_header(tmp_path):
    (tmp_path / "bad.h").write_text("int x = ;\n")
    path = write(tmp_path, '#include "bad.h"\nvoid f(void) {}\n')
    with pytest.raises(PolyrlError) as info:
        load_scops(path)
    assert re.match(r"^.*bad\.h:1:9: cannot parse: expected expression$", str(info.value))


@pytest.mark.parametrize("body, fragment", [
    ("for (int i = 0; i < 10; i++) A[i] = 0;\n  A[i] = 1;", "used outside its loop"),
    ("for (int i = 0; i < 10; i++) A[i] = A[i] * 2.0f / i++;", "has side effects"),
    ("for (int i = 0; i < 10; i++) A[i] = 1 + (A[i] = 1);", "assignment inside an expression"),
    ("for (int i = 0; i < 10; i++) I[i] %= 2;", "compound assignment `%=`"),
    ("for (double x = 0; x < 10; x++) A[0] = x;", "integer type"),
    ("for (int i = 0; i < 10; ) A[i] = 0;", "initialisation, a condition and an increment"),
    ("for (int i = 10; i < 20; i--) A[i] = 0;", "step direction"),
    ("for (int i = 0; i < 10; i++) { int T[3]; A[i] = 0; }", "array declarations"),
    ("for (int i = 0; i < 10; i++) switch (i) { default: A[i] = 0; }", "switch"),
    ("for (int i = 0; i < 10; i++) do { A[i] = 0; } while (0);", "while loops"),
    ("for (int i = 0; i < 10; i++) A[i] = *P;", "pointer dereference"),
    ("for (int i = 0; i < 10; i++) A[i] = P[i] + (&A[0] == P);", "taking an address"),
    ("for (int i = 0; i < 10; i++) A[i] = A[i % 3];", "non-affine subscript"),
    ("for (int i = 0; i < 10; i++) for (int j = 0; j < A[0]; j++) A[j] = 0;", "loop bound"),
])
def test_rejections_inside_pragma(tmp_path, body, fragment):
    path = write(tmp_path, "double A[10];\nint I[10];\nvoid f(double *P) {\n  int i;\n#pragma scop\n  "
                 + body + "\n#pragma endscop\n}\n")
    with pytest.raises(PolyrlError) as info:
        load_scop(path)
    msg = str(info.value)
    assert fragment in msg
    assert re.match(r"^.+:\d+:\d+: .+", msg) and "\n" not in msg


def test_macros_standing_for_expressions(tmp_path):
    s = load_scop(write(tmp_path, """
#define N 100
#define LAST (n - 1)
#define MIX (N - n)
#define TWO_N (2 * N)
#define HALF 0.5
#define SCALE (HALF * 2.0)
double A[300];
void h(int n) {
  for (int i = 0; i < LAST; i++)
    A[i + TWO_N] = A[i + MIX] * SCALE + HALF;
}
"""))
    st = s.statements[0]
    # a macro that expands to a constant stays symbolic; one mentioning variables is expanded
    assert s.params == ("n", "TWO_N") and s.param_values == {"n": None, "TWO_N": 200}
    assert st.domain.is_equal(isl.Set("[n, TWO_N] -> { S0[i] : 0 <= i < n - 1 }"))
    assert st.writes.is_equal(isl.UnionMap("[n, TWO_N] -> { S0[i] -> A[i + TWO_N] : 0 <= i < n - 1 }"))
    assert st.reads.is_equal(isl.UnionMap("[n, TWO_N] -> { S0[i] -> A[i + 100 - n] : 0 <= i < n - 1 }"))
    assert st.rhs == Binary("+", Binary("*", st.rhs.lhs.lhs, Num("SCALE")), Num("0.5"))


# ---------------------------------------------------------------- round trip through the model


def _c(e, it: list[str]) -> str:
    if isinstance(e, Num):
        return e.text
    if isinstance(e, Iter):
        return it[e.index]
    if isinstance(e, Param | Scalar):
        return e.name
    if isinstance(e, ArrayRef):
        return e.name + "".join(f"[{_c(i, it)}]" for i in e.indices)
    if isinstance(e, Binary):
        return f"({_c(e.lhs, it)} {e.op} {_c(e.rhs, it)})"
    if isinstance(e, Call):
        return f"{e.func}(" + ", ".join(_c(a, it) for a in e.args) + ")"
    if isinstance(e, Cast):
        return f"(({e.ctype}){_c(e.operand, it)})"
    if isinstance(e, Select):
        return f"({_c(e.cond, it)} ? {_c(e.then, it)} : {_c(e.other, it)})"
    return f"({e.op}{_c(e.operand, it)})"  # Unary


def _regenerate(scop) -> str:
    """The region rebuilt from the model alone: isl's AST of the original schedule, with each
    statement printed from its expression tree."""
    ast = isl.AstBuild.from_context(scop.context).node_from_schedule_map(scop.union_original_schedule())
    body = re.sub(r"\bc(\d+)\b", r"__c\1", ast.to_C_str())
    lines = ["{", "#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))",
             "#define min(a, b) ((a) < (b) ? (a) : (b))", "#define max(a, b) ((a) > (b) ? (a) : (b))"]
    for s in scop.statements:
        it = [f"__i{k}" for k in range(len(s.iterators))]
        lines.append(f"#define {s.name}({', '.join(it)}) {_c(s.lhs, it)} {s.op} {_c(s.rhs, it)}")
    lines += [f"{scop.arrays[n].ctype} {n};" for n in scop.local_decls]
    return "\n".join(lines) + "\n" + body + "}\n"


def _run_c(path: Path, extra: list[str]) -> str:
    exe = path.with_suffix("")
    subprocess.run(["gcc", "-O1", "-w", *extra, str(path), "-lm", "-o", str(exe)], check=True,
                   capture_output=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, check=True).stderr


ROUND_TRIP = ["gemm", "deriche", "nussinov", "seidel-2d", "ludcmp", "adi", "durbin", "cholesky"]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
@pytest.mark.parametrize("name", ROUND_TRIP)
def test_model_round_trips_polybench(tmp_path, name):
    """The isl model + expression trees regenerate code whose output is bit-identical."""
    src = next(p for p in KERNELS if p.stem == name)
    util = POLYBENCH / "utilities"
    scop = load_scop(str(src), include_dirs=[str(util)], defines={"MINI_DATASET": None})
    text = scop.source
    new = text[:scop.region[0]] + _regenerate(scop) + text[scop.region[1]:]
    (tmp_path / "orig.c").write_text(text)
    (tmp_path / "regen.c").write_text(new)
    flags = ["-I", str(util), "-I", str(src.parent), str(util / "polybench.c"), "-DMINI_DATASET",
             "-DPOLYBENCH_DUMP_ARRAYS"]
    want = _run_c(tmp_path / "orig.c", flags)
    assert "begin dump" in want
    assert _run_c(tmp_path / "regen.c", flags) == want


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_model_round_trips_plain_c(tmp_path):
    path = write(tmp_path, """
#include <stdio.h>
#define N 37
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
double A[N][N], B[N], s;
int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11 - 5.0;
  s = 0;
  for (i = N - 1; i >= 1; i--) {
    double t = 0.5;
    for (j = MAX(0, i - 3); j <= MIN(N - 1, i + 2); j++)
      t = t * 0.9 + A[i][j] * A[i - 1][j];
    B[i] = t;
    for (j = i; j < N; ++j)
      A[i][j] -= B[i] * (j > i ? A[i - 1][j] : 1.0);
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      fprintf(stderr, "%.6f\\n", A[i][j]);
  return 0;
}
""")
    scops = load_scops(path)
    assert len(scops) == 2  # the printing nest is not static control (a call)
    text = scops[0].source
    for scop in reversed(scops):
        text = text[:scop.region[0]] + _regenerate(scop) + text[scop.region[1]:]
    regen = tmp_path / "regen.c"
    regen.write_text(text)
    assert _run_c(regen, []) == _run_c(Path(path), [])


def test_openmp_pragmas_above_a_nest_belong_to_the_region(tmp_path):
    path = write(tmp_path, """#include <omp.h>
double A[10][10];
void f(void) {
  int i, j;
  #pragma omp parallel for private(j)
  for (i = 0; i < 10; i++)
    #pragma omp simd
    for (j = 0; j < 10; j++)
      A[i][j] = 0;
}
""")
    s = load_scop(path)
    assert s.source[s.region[0]:s.region[1]].startswith("#pragma omp parallel for private(j)\n  for (i = 0;")
    assert s.indent == "  "
    assert len(s.statements) == 1


def test_a_signal_inside_libclangs_cursor_visitor_still_stops_the_parse(tmp_path: Path, capfd):
    """SIGTERM landing while libclang calls back into Python raises KeyboardInterrupt inside a
    ctypes callback, which ctypes cannot pass up: the parse must raise it once the C code returns
    (a fuzz run signalled there went on with its 200 programs), and print no traceback."""
    path = write(tmp_path, "void k(int n, double A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = 2 * A[i];\n}\n")
    sent = []

    def signal_in_visitor(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "visitor" and not sent:
            sent.append(frame.f_code.co_qualname)
            os.kill(os.getpid(), signal.SIGTERM)

    with stop_on_signals():
        sys.setprofile(signal_in_visitor)
        try:
            with pytest.raises(KeyboardInterrupt):
                load_scops(path)
        finally:
            sys.setprofile(None)
        assert len(load_scops(path)) == 1  # remembered once: the next parse is not interrupted
    assert sent == ["Cursor.get_children.<locals>.visitor"]
    # a parse that fails after the signal (here: no such function) stops too, instead of
    # the run going on to the next program with the error
    sent.clear()
    with stop_on_signals():
        sys.setprofile(signal_in_visitor)
        try:
            with pytest.raises(KeyboardInterrupt):
                load_scops(path, function="no_such_function")
        finally:
            sys.setprofile(None)
    assert sent and "Traceback" not in capfd.readouterr().err


def test_an_interrupt_swallowed_in_an_inner_stop_block_reaches_the_outer_one():
    """A fuzz run's stop_on_signals sits inside the command's: leaving the inner block must not
    forget an interrupt a C callback swallowed (here: libc's qsort calling back into Python)."""
    import ctypes

    compare_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)

    def compare(a, b):
        os.kill(os.getpid(), signal.SIGTERM)
        return 0

    values = (ctypes.c_int * 2)(2, 1)
    with stop_on_signals():
        with stop_on_signals():
            ctypes.CDLL(None).qsort(values, 2, ctypes.sizeof(ctypes.c_int), compare_type(compare))
        with pytest.raises(KeyboardInterrupt):
            raise_if_swallowed()
        raise_if_swallowed()  # once only
    with stop_on_signals():
        raise_if_swallowed()  # nothing left over for a later block
