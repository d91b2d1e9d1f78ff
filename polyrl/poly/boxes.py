"""Boxes of time vectors and of iterations, followed without isl: the lexicographic
interval between two time vectors as disjoint boxes (`lex_boxes`), a statement's instances
in a box of time (`instance_box`) and the boxes of elements its references touch from them
(`box_images`), where the time map and the subscripts are simple enough to tell.

Each function says when it cannot tell (None); the working-set analysis and the loop
geometry then ask isl. Counting the points of such boxes is polyrl.poly.counting's.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl

from polyrl.poly.counting import constraint_rows, val_int

# a box of time vectors: (values of the leading dimensions, then optionally a dimension
# and its lower and upper bound)
Box = tuple[tuple[int, ...], int | None, int | None, int | None]


def lex_boxes(lo: tuple[int, ...], hi: tuple[int, ...]) -> list[Box]:
    """{t : lo <=lex t <=lex hi} as disjoint boxes: after the common prefix (dims < d),
    either t[d] = lo[d] and the rest is >= lo's rest, or lo[d] < t[d] < hi[d], or t[d] =
    hi[d] and the rest is <= hi's rest."""
    n = len(lo)
    d = next((k for k in range(n) if lo[k] != hi[k]), n)
    boxes: list[Box] = [(lo, None, None, None)]
    if d == n:
        return boxes
    boxes.append((hi, None, None, None))
    for k in range(d + 1, n):
        boxes.append((lo[:k], k, lo[k] + 1, None))
        boxes.append((hi[:k], k, None, hi[k] - 1))
    if hi[d] - lo[d] > 1:
        boxes.append((lo[:d], d, lo[d] + 1, hi[d] - 1))
    return boxes


def box_set(space: isl.Space, box: Box) -> isl.Set:
    """The time vectors of a box, as an isl set in `space`."""
    fixed, k, low, high = box
    ctx = space.get_ctx()
    s = isl.Set.universe(space)
    for j, v in enumerate(fixed):
        s = s.fix_val(isl.dim_type.set, j, isl.Val.int_from_si(ctx, v))
    if low is not None:
        s = s.lower_bound_val(isl.dim_type.set, k, isl.Val.int_from_si(ctx, low))
    if high is not None:
        s = s.upper_bound_val(isl.dim_type.set, k, isl.Val.int_from_si(ctx, high))
    return s


def _box_admits(box: Box, constants: list[int | None]) -> bool:
    """Whether time vectors whose dimensions k with constants[k] not None equal it can lie
    in the box."""
    fixed, k, low, high = box
    if any(c is not None and c != v for c, v in zip(constants, fixed, strict=False)):
        return False
    c = constants[k] if k is not None else None
    return c is None or ((low is None or c >= low) and (high is None or c <= high))


def boxes_after(p: tuple[int, ...], constants: list[int | None]) -> list[Box]:
    """The boxes (p[:d], d, p[d] + 1, None) of the time vectors after p (by the first
    dimension d where they differ) that _box_admits for `constants`, in order of d: once
    the constants part from p, no later box admits."""
    out: list[Box] = []
    for d, (x, c) in enumerate(zip(p, constants, strict=True)):
        if c is None or c > x:
            out.append((p[:d], d, x + 1, None))
        if c is not None and c != x:
            break
    return out


def admitted(lo: tuple[int, ...], hi: tuple[int, ...], constants: list[int | None]) -> list[int]:
    """The indices of the boxes of lex_boxes(lo, hi) that _box_admits for `constants`,
    in order, without testing every box: a box fixing a prefix of `lo` (or `hi`) admits
    only when the constants agree with that prefix. (Asked for every statement of every
    interval: one pass over the dimensions finds where the ends part and where the
    constants stop agreeing with each.)"""
    n = len(lo)
    d = a_lo = a_hi = n  # first dimension where lo and hi differ, where lo (hi) and the constants do
    for k in range(n):
        x, y, c = lo[k], hi[k], constants[k]
        if d == n and x != y:
            d = k
        if c is not None:
            if a_lo == n and c != x:
                a_lo = k
            if a_hi == n and c != y:
                a_hi = k
    out = [0] if a_lo == n else []
    if d == n:
        return out
    if a_hi == n:
        out.append(1)
    for k in range(d + 1, min(max(a_lo, a_hi) + 1, n)):
        c = constants[k]
        if k <= a_lo and (c is None or c >= lo[k] + 1):
            out.append(2 + 2 * (k - d - 1))
        if k <= a_hi and (c is None or c <= hi[k] - 1):
            out.append(3 + 2 * (k - d - 1))
    c = constants[d]
    if hi[d] - lo[d] > 1 and d <= a_lo and (c is None or lo[d] + 1 <= c <= hi[d] - 1):
        out.append(2 + 2 * (n - d - 1))
    return out


def union_of_boxes(space: isl.Space, boxes: list[Box], sets: dict[Box, isl.Set] | None = None,
                   keep: list[int] | None = None) -> isl.Set | None:
    """The union of the boxes (those at indices `keep`, in order; all by default); None
    when there are none. `sets` remembers the boxes made (in `space`)."""
    sets = sets if sets is not None else {}
    result = None
    for i in (keep if keep is not None else range(len(boxes))):
        box = sets.get(boxes[i])
        if box is None:
            box = sets[boxes[i]] = box_set(space, boxes[i])
        result = box if result is None else result.union(box)
    return result


def lex_interval(space: isl.Space, lo: tuple[int, ...], hi: tuple[int, ...]) -> isl.Set:
    """{t : lo <=lex t <=lex hi} as a union of disjoint boxes (lex_boxes). Each box fixes
    a prefix, so isl intersects it cheaply, unlike its generic lexicographic order maps."""
    result = union_of_boxes(space, lex_boxes(lo, hi))
    assert result is not None
    return result


# an affine function of a statement's iterators: (coefficient per iterator, constant)
Affine = tuple[tuple[int, ...], int]
# floor((a . x + c) / d) of a statement's iterators x, as (a, c, d): a loop's value in a
# time vector (d > 1 for a tile loop)
Quasi = tuple[tuple[int, ...], int, int]
# sum(a * x[p] for p, a in terms) + c == 0 (equality) or >= 0: (terms, c, equality)
Constraint = tuple[tuple[tuple[int, int], ...], int, bool]
EMPTY = "empty"  # what instance_box gives for a box of time that holds no instance


def quasi_rows(m: isl.Map, floors: bool = True) -> list[Quasi] | None:
    """Each output of a parameter-free map as one function floor((a . x + c) / d) of its
    inputs with integer a, c, d (d = 1 unless `floors`); None for any other map (pieces,
    other local variables, rationals)."""
    try:
        pma = isl.PwMultiAff.from_map(m)
        if pma.n_piece() != 1:
            return None
        n = pma.dim(isl.dim_type.in_)
        out: list[Quasi] = []
        for k in range(pma.dim(isl.dim_type.out)):
            pieces = pma.get_pw_aff(k).get_pieces()
            if len(pieces) != 1:
                return None
            aff = pieces[0][1]
            den = 1
            if aff.dim(isl.dim_type.div):
                # floor(e / d) alone, as a tile loop's value reads
                if not floors or aff.dim(isl.dim_type.div) != 1 or not aff.get_constant_val().is_zero() or any(
                        not aff.get_coefficient_val(isl.dim_type.in_, j).is_zero() for j in range(n)):
                    return None
                one = aff.get_coefficient_val(isl.dim_type.div, 0)
                inner = aff.get_div(0)
                if not one.is_int() or val_int(one) != 1 or any(
                        not inner.get_coefficient_val(isl.dim_type.div, j).is_zero()
                        for j in range(inner.dim(isl.dim_type.div))):
                    return None
                den = val_int(inner.get_denominator_val())
                aff = inner
            scale = isl.Val.int_from_si(aff.get_ctx(), den)
            vals = [aff.get_coefficient_val(isl.dim_type.in_, j).mul(scale) for j in range(n)]
            vals.append(aff.get_constant_val().mul(scale))
            if not all(v.is_int() for v in vals):
                return None
            out.append((tuple(val_int(v) for v in vals[:-1]), val_int(vals[-1]), den))
    except isl.Error:
        return None
    return out


def affine_rows(m: isl.Map) -> list[Affine] | None:
    """Each output of a parameter-free map as one affine function of its inputs with
    integer coefficients; None for any other map."""
    rows = quasi_rows(m, floors=False)
    return None if rows is None else [(a, c) for a, c, _ in rows]


@dataclass(frozen=True)
class StatementShape:
    """A statement as instance_box and _image_boxes follow it: its domain's constraints
    (parameters fixed; `constraint_rows`) and, per array, the affine functions of its
    references."""

    iterators: int
    constraints: tuple[Constraint, ...]  # the equalities first
    accesses: dict[str, list[list[Affine]]]


def constraint(row: list[int], equality: bool) -> Constraint:
    """A row `a . x + c` of constraint_rows as a Constraint."""
    return tuple((p, a) for p, a in enumerate(row[:-1]) if a), row[-1], equality


def statement_shape(domain: isl.Set, refs: list[isl.Map]) -> StatementShape | None:
    """The StatementShape of a statement with this domain and these access relations
    (parameters fixed); None when the domain is not one basic set without local
    variables, or a reference is not an affine function on the whole domain."""
    pieces = domain.get_basic_sets()
    rows = constraint_rows(pieces[0]) if len(pieces) == 1 else None
    if rows is None:
        return None
    accesses: dict[str, list[list[Affine]]] = {}
    for m in refs:
        f = affine_rows(m)
        if f is None or not m.domain().is_equal(domain):
            return None
        name = m.get_tuple_name(isl.dim_type.out)
        accesses.setdefault(name, []).append(f)
    constraints = tuple(constraint(r, True) for r in rows[0]) + tuple(constraint(r, False) for r in rows[1])
    return StatementShape(domain.dim(isl.dim_type.set), constraints, accesses)


def instance_box(time: list[Quasi], shape: StatementShape, box: Box, equal: tuple[Constraint, ...] = ()
                 ) -> list[tuple[int, int]] | str | None:
    """The statement's instances whose time vector (the functions `time`, zero beyond
    them) lies in the box of time (and that satisfy the constraints `equal`), as one
    (least, greatest) per iterator; EMPTY when there
    are none; None when they are not a box this function can tell (a time dimension with
    more than one iterator or a coefficient other than +-1; a constraint that ties two
    iterators the box leaves open)."""
    fixed, k, low, high = box
    n = shape.iterators
    lo: list[int | None] = [None] * n
    hi: list[int | None] = [None] * n
    # some iterator's least above its greatest (tightening keeps it so): no instance, once
    # the constraints have been followed as far as they go
    crossed = False
    # (a hot loop: each bound is tightened in place rather than through a helper)
    last = len(fixed) - (k is None)
    for j in range(last + 1):
        if j < len(fixed):
            least = greatest = fixed[j]
        else:
            j, least, greatest = k, low, high
        if j >= len(time):  # the padding: zero
            if (least is not None and least > 0) or (greatest is not None and greatest < 0):
                return EMPTY
            continue
        coefs, c, den = time[j]
        if den != 1:  # least <= floor(e / den) <= greatest: den * least <= e <= den * greatest + den - 1
            least = None if least is None else den * least
            greatest = None if greatest is None else den * greatest + den - 1
        p = -1
        for q, a in enumerate(coefs):
            if a:
                if p >= 0:
                    return None
                p = q
        if p < 0:
            if (least is not None and c < least) or (greatest is not None and c > greatest):
                return EMPTY
            continue
        a = coefs[p]
        # least <= a * x + c <= greatest
        if a == 1:
            least, greatest = (None if least is None else least - c), (None if greatest is None else greatest - c)
        elif a == -1:
            least, greatest = (None if greatest is None else c - greatest), (None if least is None else c - least)
        else:
            return None
        if least is not None and (lo[p] is None or least > lo[p]):
            lo[p] = least
        if greatest is not None and (hi[p] is None or greatest < hi[p]):
            hi[p] = greatest
        crossed = crossed or (lo[p] is not None and hi[p] is not None and lo[p] > hi[p])  # type: ignore[operator]
    pending = equal + shape.constraints if equal else shape.constraints
    while pending:
        left = []
        for row in pending:
            terms, c, equality = row
            var = None
            for p, a in terms:
                x = lo[p]
                if x is not None and x == hi[p]:
                    c += a * x
                elif var is None:
                    var = p, a
                else:
                    var = False  # two or more open iterators
                    break
            if var is None:
                if (c != 0) if equality else (c < 0):
                    return EMPTY
            elif var is not False:
                p, a = var  # a * x + c (= or >=) 0
                least = greatest = None
                if equality:
                    if c % a:
                        return EMPTY
                    least = greatest = -c // a
                elif a > 0:
                    least = -(c // a)
                else:
                    greatest = c // -a
                if least is not None and (lo[p] is None or least > lo[p]):
                    lo[p] = least
                if greatest is not None and (hi[p] is None or greatest < hi[p]):
                    hi[p] = greatest
                crossed = crossed or (lo[p] is not None and hi[p] is not None and lo[p] > hi[p])  # type: ignore[operator]
            else:
                left.append(row)
        if crossed:
            return EMPTY
        if len(left) == len(pending):
            return None  # constraints that tie iterators the box leaves open
        pending = left
    if None in lo or None in hi:
        return None
    return list(zip(lo, hi, strict=True))  # type: ignore[arg-type]


def separable(time: list[Quasi]) -> bool:
    """Whether each time dimension moves with at most one iterator, with coefficient
    +-1, and every dimension that moves with an iterator does so in the same direction
    (a permutation of the iterators, some reversed, some tiled)."""
    sign: dict[int, int] = {}
    for coefs, _, _ in time:
        var = [p for p, a in enumerate(coefs) if a]
        if len(var) > 1 or (var and (abs(coefs[var[0]]) != 1 or sign.setdefault(var[0], coefs[var[0]])
                                     != coefs[var[0]])):
            return False
    return True


def lex_extreme(time: list[Quasi], box: list[tuple[int, int]], greatest: bool) -> tuple[int, ...]:
    """The lexicographically least (greatest) time vector of the instances in a box,
    for a separable time map: each iterator at the end of its range that makes every
    dimension it moves least (greatest)."""
    out = []
    for coefs, c, den in time:
        value = c
        for p, a in enumerate(coefs):
            if a:
                lo, hi = box[p]
                value += a * (hi if (a > 0) == greatest else lo)
        out.append(value // den)
    return tuple(out)


def _image_boxes(access: list[Affine], box: list[tuple[int, int]]) -> tuple[tuple[int, int], ...] | None:
    """The elements a reference (its subscripts' affine functions) touches from the
    instances in a box, when they are a box: each subscript moves with at most one
    iterator the box leaves open, with coefficient +-1, and no two subscripts with the
    same one; None otherwise."""
    used: set[int] = set()
    out = []
    for coefs, c in access:
        least = greatest = c
        moving = False
        for p, a in enumerate(coefs):
            if not a:
                continue
            x0, x1 = box[p]
            if x0 == x1:
                least += a * x0
                greatest += a * x0
                continue
            if moving or abs(a) != 1 or p in used:
                return None
            moving = True
            used.add(p)
            if a == 1:
                least, greatest = least + x0, greatest + x1
            else:
                least, greatest = least - x1, greatest - x0
        out.append((least, greatest))
    return tuple(out)


def box_images(time: list[Quasi], shape: StatementShape, box: Box
               ) -> dict[str, list[tuple[tuple[int, int], ...]]] | None:
    """Array -> the boxes of elements the statement's references touch from its instances
    in a box of time (one per reference, in the order of `shape.accesses`; none when the
    box holds no instance), or None when instance_box or _image_boxes cannot tell."""
    inst = instance_box(time, shape, box)
    if inst is None:
        return None
    out: dict[str, list[tuple[tuple[int, int], ...]]] = {}
    if inst is EMPTY:
        return out
    for array, functions in shape.accesses.items():
        found = out[array] = []
        for f in functions:
            image = _image_boxes(f, inst)  # type: ignore[arg-type]
            if image is None:
                return None
            found.append(image)
    return out
