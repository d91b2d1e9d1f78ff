"""The elements a statement touches in an interval of time, followed without isl where
its instances in each box of time are a box of iterations and its references' images of
them boxes of elements (polyrl.poly.boxes.instance_box, _image_boxes): the same
elements isl finds, and the same reports and program graphs as isl's way."""

from __future__ import annotations

import random
from pathlib import Path

import islpy as isl
import pytest
import torch

import polyrl.poly.counting as counting
import polyrl.poly.workingset as ws
from polyrl.api import load
from polyrl.machine import CacheLevel
from polyrl.poly.boxes import (
    EMPTY,
    Box,
    _image_boxes,
    affine_rows,
    box_set,
    constraint,
    instance_box,
    lex_extreme,
    quasi_rows,
    separable,
    statement_shape,
)
from polyrl.poly.counting import _union_volume, count_points
from polyrl.poly.params import resolve_params
from polyrl.poly.workingset import working_sets

POLYBENCH = Path(__file__).resolve().parents[1] / "datasets" / "polybench"
NDIM = 13  # time dimensions of the random statements
CACHES = (CacheLevel("L1", 32 << 10), CacheLevel("L2", 1 << 20), CacheLevel("L3", 32 << 20))


def _boxes_set(space: isl.Space, boxes: list[tuple[tuple[int, int], ...]]) -> isl.Set:
    """The union of boxes of integer points (least, greatest per dimension) in `space`."""
    result = isl.Set.empty(space)
    for box in boxes:
        s = isl.Set.universe(space)
        for d, (a, b) in enumerate(box):
            s = s.lower_bound_val(isl.dim_type.set, d, a).upper_bound_val(isl.dim_type.set, d, b)
        result = result.union(s)
    return result


def _term(rng: random.Random, names: list[str], coefficients: tuple[int, ...]) -> str:
    return " + ".join(f"{rng.choice(coefficients)}*{x}" for x in names) + f" + {rng.randint(-3, 3)}"


def _statement(rng: random.Random):
    """A random statement: its domain, time map (sequence positions and loop dimensions,
    mostly one iterator with coefficient +-1, some tiled, sometimes skewed or scaled) and
    access relations to the arrays A (two-dimensional) and s (a scalar)."""
    n = rng.randint(1, 3)
    names = [f"i{k}" for k in range(n)]
    cons = [f"{rng.randint(-2, 1)} <= {x} <= {rng.randint(2, 9)}" for x in names]
    for _ in range(rng.randint(0, 2)):
        cons.append(f"{_term(rng, names, (-1, 0, 0, 1, 2))} {rng.choice(['>=', '<=', '='])} 0")
    domain = isl.Set(f"{{ S[{', '.join(names)}] : {' and '.join(cons)} }}")
    order = rng.sample(range(n), n)
    time = []
    for p in order:
        sign = rng.choice([1, -1])
        if rng.random() < 0.3:  # a tile loop
            time.append(str(rng.randint(0, 2)))
            time.append(f"floor(({rng.choice([sign, sign, -sign])}*{names[p]} + {rng.randint(-3, 3)})/{rng.randint(2, 4)})")
        time.append(str(rng.randint(0, 2)))
        loop = f"{sign}*{names[p]} + {rng.randint(-2, 2)}"
        if rng.random() < 0.1:
            loop = _term(rng, names, (-1, 0, 1))
        elif rng.random() < 0.05:
            loop = f"2*{names[p]}"
        time.append(loop)
    time.append(str(rng.randint(0, 2)))
    time += ["0"] * (NDIM - len(time))
    sched = isl.Map(f"{{ S[{', '.join(names)}] -> [{', '.join(time)}] }}").intersect_domain(domain)
    refs = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.2:
            refs.append(isl.Map(f"{{ S[{', '.join(names)}] -> s[] }}").intersect_domain(domain))
            continue
        subs = [rng.choice([f"{rng.choice([1, -1])}*{rng.choice(names)} + {rng.randint(-2, 2)}", str(rng.randint(0, 3)),
                            _term(rng, names, (-1, 0, 0, 0, 1, 1, 2))]) for _ in range(2)]
        refs.append(isl.Map(f"{{ S[{', '.join(names)}] -> A[{', '.join(subs)}] }}").intersect_domain(domain))
    return domain, sched, refs


def _random_box(rng: random.Random, time: list) -> Box:
    """A box of time vectors, mostly with the statement's own sequence positions."""
    def value(d: int) -> int:
        coefs, c, den = time[d]
        return c // den if not any(coefs) and rng.random() < 0.9 else rng.randint(-3, 9)

    fixed = tuple(value(d) for d in range(rng.randint(0, NDIM - 1)))
    if len(fixed) == NDIM or rng.random() < 0.2:
        return (fixed, None, None, None)
    low = rng.choice([None, rng.randint(-4, 8)])
    high = rng.choice([None, rng.randint(-2, 10)])
    return (fixed, len(fixed), low, high)


def test_boxes_of_instances_and_elements_are_those_isl_finds() -> None:
    rng = random.Random(5)
    followed = empty = extremes = 0
    space = isl.Space.set_alloc(isl.DEFAULT_CONTEXT, 0, NDIM)
    for _ in range(1000):
        domain, sched, refs = _statement(rng)
        shape = statement_shape(domain, refs)
        time = quasi_rows(sched)
        if shape is None or time is None:  # an empty domain, one with local variables, a skewed time map
            continue
        pma = isl.PwMultiAff.from_map(sched)
        for _ in range(4):
            box = _random_box(rng, time)
            instances = box_set(space, box).preimage_pw_multi_aff(pma).intersect(domain)
            found = instance_box(time, shape, box)
            if found is None:
                continue
            if found == EMPTY:
                assert instances.is_empty(), (domain, sched, box)
                empty += 1
                continue
            want = isl.Set.universe(domain.get_space())
            for d, (a, b) in enumerate(found):
                want = want.lower_bound_val(isl.dim_type.set, d, a).upper_bound_val(isl.dim_type.set, d, b)
            assert instances.is_equal(want), (domain, sched, box, found)
            for m in refs:
                # the instances that touch one element, and their first and last time vectors
                point = instances.sample_point()
                x = [point.get_coordinate_val(isl.dim_type.set, d).to_python() for d in range(len(found))]
                rows = affine_rows(m)
                element = [c + sum(a * v for a, v in zip(coefs, x, strict=True)) for coefs, c in rows]
                equal = tuple(constraint([*coefs, c - e], True) for (coefs, c), e in zip(rows, element, strict=True))
                targets = instance_box(time, shape, box, equal)
                touching = instances.intersect(m.intersect_range(isl.Set(
                    f"{{ {m.get_tuple_name(isl.dim_type.out)}[{', '.join(map(str, element))}] }}")).domain())
                if targets is not None and separable(time):
                    assert targets != EMPTY and not touching.is_empty()
                    times = touching.apply(sched)
                    for greatest, want in ((False, times.lexmin()), (True, times.lexmax())):
                        p = want.sample_point()
                        assert lex_extreme(time, targets, greatest) == tuple(
                            p.get_coordinate_val(isl.dim_type.set, d).to_python() for d in range(NDIM))
                    extremes += 1
                image = _image_boxes(rows, found)
                if image is None:
                    continue
                followed += 1
                elements = instances.apply(m)
                mine = _boxes_set(m.get_space().range(), [image])
                assert elements.is_equal(mine), (domain, sched, box, m)
                assert _union_volume([image], [counting.BOX_SWEEP_LIMIT]) == count_points(elements)
    assert followed > 500 and empty > 50 and extremes > 300, (followed, empty, extremes)


def _sweep_slabs(boxes: list[tuple[tuple[int, int], ...]]) -> int:
    """The slabs a plain sweep along the first dimension takes (each slab's union of the
    other dimensions swept the same way, once per distinct union): the budget
    _union_volume spends."""
    if len(boxes) == 1 or not boxes[0]:
        return 0
    cuts = sorted({b[0][0] for b in boxes} | {b[0][1] + 1 for b in boxes})
    slabs, seen = 0, set()
    for a, b in zip(cuts, cuts[1:], strict=False):
        slabs += 1
        inner = tuple(dict.fromkeys(box[1:] for box in boxes if box[0][0] <= a and box[0][1] >= b - 1))
        if inner and inner not in seen:
            seen.add(inner)
            slabs += _sweep_slabs(list(inner))
    return slabs


def test_union_volume_counts_what_isl_counts_within_the_same_budget() -> None:
    """Unions of random boxes (one to three dimensions, overlapping, nested, touching):
    the count isl gives, and the budget spent (or given up on) as a plain sweep spends it,
    whichever way a level is swept (_interval_union for the last dimension)."""
    rng = random.Random(7)
    given_up = 0
    for trial in range(600):
        n = rng.randint(1, 3)
        boxes = []
        for _ in range(rng.randint(1, 12)):
            box = []
            for _ in range(n):
                a = rng.randint(-6, 10)
                box.append((a, a + rng.randint(0, 7)))
            boxes.append(tuple(box))
        boxes = list(dict.fromkeys(boxes))
        space = isl.Space.set_alloc(isl.DEFAULT_CONTEXT, 0, n)
        expected = _boxes_set(space, boxes).count_val().to_python()
        slabs = _sweep_slabs(boxes)
        budget = [slabs + trial % 3]
        assert _union_volume(boxes, budget) == expected, boxes
        assert budget == [trial % 3], boxes
        if slabs:
            with pytest.raises(counting._SweepTooLong):
                _union_volume(boxes, [slabs - 1])
            given_up += 1
    assert given_up > 400, given_up


def test_maps_that_are_not_one_affine_function_are_not_followed() -> None:
    assert affine_rows(isl.Map("{ S[i] -> [i, floor(i / 4)] : 0 <= i <= 9 }")) is None
    assert quasi_rows(isl.Map("{ S[i] -> [i, floor((i + 1) / 4)] : 0 <= i <= 9 }")) == [((1,), 0, 1), ((1,), 1, 4)]
    assert quasi_rows(isl.Map("{ S[i] -> [floor(i / 4) + i] : 0 <= i <= 9 }")) is None
    assert affine_rows(isl.Map("{ S[i] -> [i] : 0 <= i <= 4; S[i] -> [2 * i] : 5 <= i <= 9 }")) is None
    assert affine_rows(isl.Map("{ S[i] -> A[j] : 0 <= i <= 9 and i <= j <= i + 1 }")) is None
    assert affine_rows(isl.Map("{ S[i, j] -> [2, -i + 3, 0, j] : 0 <= i, j <= 9 }")) == [
        ((0, 0), 2), ((-1, 0), 3), ((0, 0), 0), ((0, 1), 0)]
    assert statement_shape(isl.Set("{ S[i] : 0 <= i <= 9 and i % 2 = 0 }"), []) is None


def polybench(kernel: str, dataset: str = "MINI"):
    return load(POLYBENCH / kernel, defines={f"{dataset}_DATASET": "1"}, include_dirs=[str(POLYBENCH / "utilities")])


@pytest.mark.parametrize("kernel,texts", [
    ("linear-algebra/blas/gemver/gemver.c", ["", "B1:I(0,1)", "B0:T2(0,1,8,8) B1:R(1)"]),
    ("linear-algebra/blas/gemm/gemm.c", ["B1:T2(1,2,8,8) B1:I(0,1)", "B1:T3(0,1,2,4,8,4) B1:R(5)"]),
    ("linear-algebra/solvers/lu/lu.c", ["", "B1:I(1,2)", "B0:R(2)", "B1:T2(1,2,4,4)"]),
    ("linear-algebra/blas/symm/symm.c", ["", "B0:I(0,1)"]),
    ("medley/nussinov/nussinov.c", [""]),
    ("stencils/adi/adi.c", ["", "B0:I(1,2)"]),
    ("stencils/heat-3d/heat-3d.c", ["", "B0:P(1) B0:J(2,4)", "B0:I(2,3) B1:T2(1,2,8,8)"]),
    ("stencils/seidel-2d/seidel-2d.c", ["", "B0:S(1,2,1)"]),
])
def test_reports_and_graphs_are_those_of_isl_alone(kernel, texts, monkeypatch) -> None:
    """Working sets (first sources and targets included), loop bounds and program graphs
    with the boxes followed without isl are those isl gives for every pair, interval and
    loop."""
    from polyrl.model import features
    from polyrl.model.features import LoopGeometry, program_graph
    from tests.test_workingset import _nests

    prog = polybench(kernel)
    nests = _nests(prog, texts)
    values = resolve_params(prog.scop, None, features.DEFAULT_PARAM_VALUE)

    def geometry(nest) -> list:
        g = LoopGeometry(prog.scop, nest, values)
        return [(g.bounds(loop, len(path) - 1), g.span(loop, len(path) - 1)) for path, loop in nest.walk()]

    fast = [(working_sets(prog.scop, n, caches=CACHES), program_graph(prog.scop, n, caches=CACHES), geometry(n))
            for n in nests]
    ws._MEMOS.clear()
    from polyrl.poly import boxes as boxes_module
    from polyrl.poly import geometry as geometry_module
    monkeypatch.setattr(boxes_module, "instance_box", lambda time, shape, box, equal=(): None)
    monkeypatch.setattr(ws, "instance_box", lambda time, shape, box, equal=(): None)
    monkeypatch.setattr(geometry_module, "instance_box", lambda time, shape, box, equal=(): None)
    for text, nest, (report, graph, bounds) in zip(texts, nests, fast, strict=True):
        alone = working_sets(prog.scop, nest, caches=CACHES)
        assert report.reuses == alone.reuses, text
        assert torch.equal(graph.x, program_graph(prog.scop, nest, caches=CACHES).x), text
        assert bounds == geometry(nest), text

