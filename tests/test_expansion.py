"""Scalar expansion E(k): refused when the scalar's value flows between iterations,
verified against the original program (real isl, real gcc, real runs) when it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.runtime import Toolchain, compare

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "datasets" / "polybench"
UTIL = str(PB / "utilities")
EXACT = Toolchain(flags=("-O2", "-march=native", "-fopenmp", "-ffp-contract=off", "-DMINI_DATASET", f"-I{UTIL}"),
                  threads=2)

# `s` restarts at every row, so rows may run in any order once each has its own `s`;
# it is a global, so its final value is compared too (the write-back)
ROWS = r"""#include <stdio.h>
#define N 37
double A[N][N], B[N][N], s;

static void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    s = 0.0;
    for (j = 0; j < N; j++) {
      s += A[i][j];
      B[i][j] = s * 0.5;
    }
  }
#pragma endscop
}

int main(void)
{
  int i, j;
  double c;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((7 * i + 3 * j) % 11) / 5.0;
  kernel();
  c = s;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      c += B[i][j];
  printf("%f\n", c);
  return 0;
}
"""


def _load(tmp_path: Path, body: str, decls: str = "double A[N], B[N], C[N][N], t;"):
    path = tmp_path / "k.c"
    path.write_text(f"#define N 16\n{decls}\nvoid kernel(void)\n{{\n  int i, j;\n#pragma scop\n{body}\n#pragma endscop\n}}\n")
    return load(path)


def test_expanded_rows_run_in_parallel_and_keep_the_results(tmp_path: Path) -> None:
    path = tmp_path / "rows.c"
    path.write_text(ROWS)
    prog = load(path)
    with pytest.raises(PolyrlError, match="reverses the dependence RAW S1 -> S1 on s"):
        prog.apply("B0:I(0,1)")
    opt = prog.apply("B0:E(0) B0:I(0,1) B1:P(1)")  # j outside, the rows (i) in parallel
    assert "#pragma omp parallel for" in opt.region_text
    assert "polyrl_x_s[c1] += A[c1][c0];" in opt.region_text
    assert "if (N >= 1) {\n      s = polyrl_x_s[N - 1];" in opt.region_text  # the last row's value, after the loops
    result = compare(opt.program.scop, opt.region_text, str(opt.schedule), Toolchain(threads=2), repeat=1)
    assert result.verified is True, result.new.detail
    assert "2 arrays" in result.new.detail  # B and s


def test_value_carried_to_the_next_iteration_is_not_expanded(tmp_path: Path) -> None:
    # t carries A[i - 1] into row i
    prog = _load(tmp_path, "  for (i = 0; i < N; i++) {\n    for (j = 0; j < i; j++)\n      C[i][j] = t;\n"
                           "    t = A[i];\n  }")
    with pytest.raises(PolyrlError, match="B0:E.0. is illegal: the value S1 writes to t is read by S0 in another "
                                          "iteration of loop `i`, so it cannot be expanded"):
        prog.apply("B0:E(0)")


def test_value_from_before_the_loops_is_not_expanded(tmp_path: Path) -> None:
    prog = _load(tmp_path, "  for (i = 0; i < N; i++) {\n    t += A[i];\n    B[i] = t;\n  }")
    with pytest.raises(PolyrlError, match="S0 reads the value t had before the loops, so it cannot be expanded"):
        prog.apply("B0:E(0)")


def test_expansion_names_an_existing_scalar_once(tmp_path: Path) -> None:
    prog = _load(tmp_path, "  for (i = 0; i < N; i++) {\n    t = A[i];\n    B[i] = t * t;\n  }")
    with pytest.raises(PolyrlError, match=r"scalar 1 does not exist \(the scalars the region writes are t"):
        prog.apply("B0:E(1)")
    with pytest.raises(PolyrlError, match="t is already expanded"):
        prog.apply("B0:E(0) B0:E(0)")


SYMM = "B0:E(0) B0:T2(0,1,4,8) B0:I(0,1) B0:P(0) B0:I(3,4) B1:J(3,4) B1:V()"


def test_symm_with_temp2_expanded_runs_j_tiles_in_parallel_bitwise_equal() -> None:
    prog = load(PB / "linear-algebra/blas/symm/symm.c", defines={"MINI_DATASET": "1"}, include_dirs=[UTIL])
    with pytest.raises(PolyrlError, match="on temp2"):  # temp2 ties every (i, j) to the next
        prog.apply("B0:T2(0,1,4,8) B0:I(0,1)")
    opt = prog.apply(SYMM)
    assert "polyrl_v_double" in opt.region_text  # j innermost: vector code over rows of C, B and temp2
    result = compare(opt.program.scop, opt.region_text, str(opt.schedule), EXACT, repeat=1)
    assert result.verified is True, result.new.detail
    assert "bitwise equal" in result.new.detail
