"""Parameter values: the value each parameter of a Scop takes in an analysis, and isl
sets with the parameters fixed to them (bounded, so that isl counts them exactly).

What the values are used for (working sets, loop geometry, masks) is not this module's.
"""

from __future__ import annotations

from collections.abc import Mapping

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import Scop


def resolve_params(scop: Scop, values: Mapping[str, int] | None = None, default: int | None = None) -> dict[str, int]:
    """A value for every parameter: `values`, else the Scop's, else `default`; a
    PolyrlError naming the parameters left without one."""
    out: dict[str, int] = {}
    missing = []
    for p in scop.params:
        v = (values or {}).get(p, scop.param_values.get(p))
        if v is None:
            v = default
        if v is None:
            missing.append(p)
        else:
            out[p] = int(v)
    if missing:
        raise PolyrlError(
            f"parameter(s) {', '.join(missing)} have no known value; give them, e.g. "
            + " ".join(f"--param {p}=100" for p in missing),
            scop.source_path or None,
        )
    return out


class FixedParams:
    """Fixes every parameter to its value and projects the parameters away, so that
    every set is bounded and isl counts it exactly."""

    def __init__(self, scop: Scop, values: dict[str, int]):
        ctx = scop.context
        for p, v in values.items():
            pos = ctx.get_space().find_dim_by_name(isl.dim_type.param, p)
            if pos >= 0:
                ctx = ctx.fix_val(isl.dim_type.param, pos, isl.Val.int_from_si(ctx.get_ctx(), v))
        self.ctx = ctx

    def __call__(self, obj):
        return obj.intersect_params(self.ctx.align_params(obj.get_space())).project_out_all_params()
