"""The schedule of a nest (transform.to_union_map) made from the time maps remembered
for earlier nests of the same program: the same union map, written the same way, as one
made afresh for every statement."""

from __future__ import annotations

import random
from pathlib import Path

import islpy as isl
import pytest

from polyrl.api import load
from polyrl.errors import PolyrlError
from polyrl.poly import transform
from polyrl.poly.transform import _time_map, _time_parts, apply_action, to_union_map
from polyrl.rl.actions import ACTIONS

POLYBENCH = Path(__file__).resolve().parents[1] / "datasets" / "polybench"


def _afresh(scop, nest) -> isl.UnionMap:
    ndim = 2 * nest.depth() + 1
    result = isl.UnionMap.empty(scop.context.get_space())
    for stmt, parts in _time_parts(nest):
        result = result.union(isl.UnionMap.from_map(_time_map(scop, stmt, parts, ndim)))
    return result


@pytest.mark.parametrize("kernel", ["linear-algebra/solvers/ludcmp/ludcmp.c", "stencils/adi/adi.c",
                                    "datamining/correlation/correlation.c"])
def test_remembered_time_maps_make_the_schedule_made_afresh(kernel: str) -> None:
    prog = load(POLYBENCH / kernel, defines={"MINI_DATASET": "1"}, include_dirs=[str(POLYBENCH / "utilities")])
    rng = random.Random(7)
    kinds = [t for t in ACTIONS if t.kind in ("I", "R", "S", "P", "U", "J", "J2")] + [t for t in ACTIONS if t.kind == "T2"][:6]
    for _ in range(24):
        nest = prog.model.original
        for _ in range(rng.randint(1, 4)):
            branch = rng.randrange(len(nest.branches()))
            try:
                nest = apply_action(nest, rng.choice(kinds).on(branch))
            except PolyrlError:
                continue
            got, want = to_union_map(prog.scop, nest), _afresh(prog.scop, nest)
            assert got.is_equal(want)
            assert str(got) == str(want)
    assert transform._TIME_MAPS  # the maps were remembered
