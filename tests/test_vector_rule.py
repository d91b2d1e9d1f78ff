"""The vector-code rule (polyrl.poly.vector) is decided once: legality refuses `V` with its
words, and codegen hands its verdict to the emitter as each statement's `vector` flag."""

from __future__ import annotations

import re

import pytest

from polyrl.api import load
from polyrl.codegen import loop_tree
from polyrl.errors import PolyrlError
from polyrl.poly.legality import apply_schedule
from polyrl.poly.schedule import Schedule
from polyrl.poly.vector import expression_problem

SOURCE = r"""#define N 64
float a[N], b[N];
double x[N], y[N];
int k[N];

void kernel(void)
{
  int i;
  double s;
#pragma scop
  for (i = 0; i < N; i++)
    x[i] = 2.0 * y[i] - x[i];
  for (i = 0; i < N; i++)
    a[i] = b[i] * 0.5f;
  for (i = 0; i < N; i++)
    a[i] = b[i] * 0.5;
  for (i = 0; i < N; i++)
    x[i] = y[i] + k[i];
  for (i = 0; i < N; i++)
    x[i] = y[i] * i;
  for (i = 0; i < N; i++)
    s = y[i];
#pragma endscop
}
"""

# per statement (and branch): the rule's verdict
PROBLEMS = {
    "S0": None,
    "S1": None,
    "S2": "mixes the double literal 0.5 into float arithmetic",
    "S3": "reads k of type int",
    "S4": "computes something other than + - * / of array elements, scalars and numbers",
    "S5": "writes the scalar s",
}


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("vector") / "rule.c"
    path.write_text(SOURCE)
    return load(path)


def test_the_rule_on_each_statement(program):
    scop = program.scop
    assert {s.name: expression_problem(scop, s.lhs, s.rhs) for s in scop.statements} == PROBLEMS


@pytest.mark.parametrize("branch", range(5))  # S5's loop carries a dependence, refused first
def test_legality_refuses_vector_code_in_the_rules_words(program, branch):
    name = f"S{branch}"
    schedule = Schedule.parse(f"B{branch}:V()")
    if PROBLEMS[name] is None:
        apply_schedule(program.model, schedule)
    else:
        with pytest.raises(PolyrlError, match=re.escape(f"{name} {PROBLEMS[name]}")):
            apply_schedule(program.model, schedule)


def test_codegen_hands_the_verdict_to_the_emitter(program):
    tree = loop_tree(program.model, program.model.original)
    assert {name: s.vector for name, s in tree.statements.items()} == {n: p is None for n, p in PROBLEMS.items()}
    vectorized = apply_schedule(program.model, Schedule.parse("B0:V() B1:V()"))
    text = program.apply("B0:V() B1:V()").region_text
    assert loop_tree(program.model, vectorized).statements["S1"].vector
    assert "polyrl_v_double" in text and "polyrl_v_float" in text


def test_remembered_strides_are_the_strides_computed_afresh():
    # the model keeps stride answers across the schedules of one program: each must be what
    # a fresh model finds, whatever was asked before (many schedules of three kernels share
    # one memo, loop by loop, levels and packs included)
    from pathlib import Path

    from polyrl.poly.legality import Model, stride_problem
    from polyrl.poly.macros import macro_schedules

    root = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
    asked = 0
    for rel in ("linear-algebra/blas/gemm/gemm.c", "linear-algebra/kernels/atax/atax.c", "stencils/jacobi-2d/jacobi-2d.c"):
        program = load(root / rel, defines={"MEDIUM_DATASET": "1"}, include_dirs=[str(root / "utilities")])
        model = program.model
        schedules = [Schedule(), *macro_schedules(model).values(), Schedule.parse("B0:I(0,1)")]
        for schedule in schedules:
            try:
                nest = apply_schedule(model, schedule)
            except PolyrlError:
                continue
            for path in nest.branches():
                for depth in range(1, len(path) + 1):
                    fresh = stride_problem(Model(model.scop), nest, path[:depth])
                    assert stride_problem(model, nest, path[:depth]) == fresh, (rel, schedule)
                    asked += 1
    assert asked > 50 and any(key[0] == "stride" for key in model._verdicts)
