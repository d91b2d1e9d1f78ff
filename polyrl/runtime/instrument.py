"""Instrumenting a private copy of the user's program around the optimized region.

Owns the C text that snapshots, repeats, times and dumps the region; not compiling or
running it (see `execute`). The user's file is never touched: `instrument` returns text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.ir import Scop
from polyrl.poly.dependences import exact_flow

_HELPERS = {"min": "polyrl_min", "max": "polyrl_max", "floord": "polyrl_floord", "ceild": "polyrl_ceild"}
_HELPER_RE = re.compile(r"\b(min|max|floord|ceild)\s*\(")


def harness_header() -> str:
    return resources.files("polyrl.runtime").joinpath("harness.h").read_text()


def harness_source() -> str:
    return resources.files("polyrl.runtime").joinpath("harness.c").read_text()


@dataclass(frozen=True)
class Written:
    """One array or scalar the region writes: how many bytes to snapshot and dump."""

    name: str
    ndim: int  # 0 for scalars
    bytes_expr: str  # C expression, valid at the region's position


def _writes_to(scop: Scop) -> dict[str, list[isl.Set]]:
    """Array name -> the sets of elements each statement writes (within its domain)."""
    out: dict[str, list[isl.Set]] = {}
    for s in scop.statements:
        w = s.writes
        um = w if isinstance(w, isl.UnionMap) else isl.UnionMap.from_map(w)
        dom = s.domain if isinstance(s.domain, isl.UnionSet) else isl.UnionSet.from_set(s.domain)
        rng = um.intersect_domain(dom).range()
        sl = rng.get_set_list()
        for k in range(sl.n_set()):
            st = sl.get_at(k)
            out.setdefault(st.get_tuple_name(), []).append(st)
    return out


def _c_expr(pa: isl.PwAff, context: isl.Set) -> str:
    text = isl.AstBuild.from_context(context).expr_from_pw_aff(pa).to_C_str()
    return _HELPER_RE.sub(lambda m: _HELPERS[m.group(1)] + "(", text)


def read_before_written(scop: Scop) -> set[str]:
    """The arrays and scalars some read of the region may find holding the value they had
    before it (poly.dependences.exact_flow). What the region writes and never reads first
    computes the same whatever it held, so a timed run needs it not restored."""
    names: set[str] = set()
    exact_flow(scop).get_may_no_source().foreach_map(lambda m: names.add(m.get_tuple_name(isl.dim_type.out)))
    return names


def written_extents(scop: Scop) -> list[Written]:
    """Everything the region writes (minus region-local temporaries), with its byte size.

    For an array, bytes = (max first index written + 1) * sizeof(A[0]), the maximum
    computed by isl as a piecewise affine function of the parameters.
    """
    sets = _writes_to(scop)
    params_ctx = scop.context
    result: list[Written] = []
    for name in scop.written_arrays():
        written = sets.get(name, [])
        if written:
            ndim = written[0].dim(isl.dim_type.set)
        else:
            ndim = len(scop.arrays[name].dims) if name in scop.arrays else 0
        if ndim == 0:
            result.append(Written(name, 0, f"sizeof({name})"))
            continue
        first = f"{name}[0]"
        try:
            u = written[0]
            for st in written[1:]:
                u = u.union(st)
            top = u.dim_max(0)  # max first index, piecewise in the params
            zero = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(top.get_domain_space()))
            minus_one = isl.PwAff.from_aff(zero.add_constant_val(isl.Val.int_from_si(top.get_ctx(), -1)))
            top = top.union_max(minus_one)  # -1 (nothing written) where the maximum is undefined
            count = f"polyrl_max(({_c_expr(top, params_ctx)}) + 1, 0)"
        except (isl.Error, IndexError):
            extent = scop.arrays[name].dims[0] if name in scop.arrays and scop.arrays[name].dims else None
            if extent is None:
                raise PolyrlError(
                    f"cannot bound the part of `{name}` the region writes (unbounded first index)",
                    scop.source_path,
                ) from None
            count = str(extent)
        result.append(Written(name, ndim, f"(unsigned long)({count}) * sizeof({first})"))
    return result


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _c_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _elem(name: str, ndim: int) -> str:
    return name + "[0]" * ndim


def _dump_call(w: Written, k: int) -> str:
    """The harness call that dumps written item `k` (its bytes in polyrl_bytes<k>)."""
    elem = _elem(w.name, w.ndim)
    ref = w.name if w.ndim else f"&{w.name}"
    trailing = "".join(
        f", (unsigned long)(sizeof({_elem(w.name, d)}) / sizeof({_elem(w.name, d + 1)}))" for d in range(1, w.ndim)
    )
    return (f"polyrl_dump({_c_string(w.name)}, {ref}, polyrl_bytes{k}, POLYRL_KIND({elem}), "
            f"(unsigned long)sizeof({elem}), {w.ndim}{trailing});")


def _checked_region(scop: Scop) -> tuple[int, int]:
    start, end = scop.region
    if not (0 <= start <= end <= len(scop.source)):
        raise ValueError(f"region {scop.region} outside the source ({len(scop.source)} characters)")
    return start, end


def instrument(scop: Scop, region_text: str | None) -> str:
    """The whole program with the region wrapped in the timing harness.

    `region_text` replaces the region (None: the original region text). On the function's
    first call the region runs a warm-up and then the timed runs `polyrl_next_run` asks
    for (at least $POLYRL_REPEAT), every run from the same snapshot of the written data;
    on later calls it runs once. Every call dumps.
    """
    data = scop.source  # region offsets index this text (as codegen and api slice it)
    start, end = _checked_region(scop)
    path = scop.source_path or "program.c"
    if region_text is None:
        body_line = f"#line {_line_of(data, start)} {_c_string(path)}"
        body = data[start:end]
    else:
        body_line = f"#line 1 {_c_string(path + ' (optimized region)')}"
        body = region_text
    written = written_extents(scop)

    ind = "  "
    out = ["{ /* polyrl: timed region */"]
    out.append(f"{ind}static int polyrl_calls = 0;")
    out.append(f"{ind}int polyrl_timed, polyrl_r;")
    for k in range(len(written)):
        out.append(f"{ind}unsigned long polyrl_bytes{k};")
        out.append(f"{ind}void *polyrl_snap{k} = 0;")
    out.append(f"{ind}double polyrl_t0 = 0.0;")
    for k, w in enumerate(written):
        out.append(f"{ind}polyrl_bytes{k} = {w.bytes_expr}; /* {w.name} */")
    out.append(f"{ind}polyrl_timed = (++polyrl_calls == 1);")
    out.append(f"{ind}if (polyrl_timed) {{")
    refs = [w.name if w.ndim else f"&{w.name}" for w in written]  # the address of each written array
    out += [f"{ind}{ind}polyrl_snap{k} = polyrl_snapshot({ref}, polyrl_bytes{k});" for k, ref in enumerate(refs)]
    out.append(f"{ind}}}")
    out.append(f"{ind}for (polyrl_r = 0; polyrl_timed ? polyrl_next_run(polyrl_r) : polyrl_r == 0; ++polyrl_r) {{")
    out.append(f"{ind}{ind}if (polyrl_timed) {{")
    out += [f"{ind}{ind}{ind}polyrl_restore({ref}, polyrl_snap{k}, polyrl_bytes{k});" for k, ref in enumerate(refs)]
    out.append(f"{ind}{ind}{ind}polyrl_t0 = polyrl_now();")
    out.append(f"{ind}{ind}}}")
    out.append(f"{ind}{ind}{{")
    out.append(body_line)
    out.append(body)
    out.append('#line 1 "polyrl harness"')
    out.append(f"{ind}{ind}}}")
    out.append(f"{ind}{ind}if (polyrl_timed)")
    out.append(f"{ind}{ind}{ind}polyrl_record_time(polyrl_r, polyrl_now() - polyrl_t0);")
    out.append(f"{ind}}}")
    out.append(f"{ind}if (polyrl_timed)")
    out.append(f"{ind}{ind}polyrl_write_times();")
    for k, w in enumerate(written):
        out.append(f"{ind}polyrl_release(polyrl_snap{k});")
        out.append(f"{ind}{_dump_call(w, k)}")
    out.append("}")
    out.append(f"#line {_line_of(data, end)} {_c_string(path)}")
    block = "\n".join(out) + "\n"  # the directive numbers the rest of the region's last line

    head = data[:start]
    tail = data[end:]
    prologue = harness_header() + f"#line 1 {_c_string(path)}\n"
    return prologue + head + block + tail


def instrument_batch(scop: Scop, regions: list[str | None]) -> str:
    """The whole program with the region replaced by several variants of it, timed
    interleaved in one process (harness.c, "batches"): variant k is `regions[k]`, None for
    the original region text; variant 0 must be the original, whose results the rest of
    the program then sees. Each variant's arrays are dumped after its warm-up run."""
    if not regions or regions[0] is not None:
        raise ValueError("a batch starts with the original region (None)")
    data = scop.source
    start, end = _checked_region(scop)
    path = scop.source_path or "program.c"
    written = written_extents(scop)

    ind = "  "
    out = ["{ /* polyrl: timed variants */"]
    out.append(f"{ind}static int polyrl_calls = 0;")
    out.append(f"{ind}int polyrl_v;")
    out.append(f"{ind}double polyrl_t0;")
    for k, w in enumerate(written):
        out.append(f"{ind}unsigned long polyrl_bytes{k} = {w.bytes_expr}; /* {w.name} */")
        out.append(f"{ind}void *polyrl_snap{k};")
    refs = [w.name if w.ndim else f"&{w.name}" for w in written]
    for k, ref in enumerate(refs):
        out.append(f"{ind}polyrl_snap{k} = polyrl_snapshot({ref}, polyrl_bytes{k});")
    out.append(f"{ind}polyrl_batch_start({len(regions)}, ++polyrl_calls == 1);")
    out.append(f"{ind}while ((polyrl_v = polyrl_batch_next()) >= 0) {{")
    # a timed run restores only what the region reads before writing: the rest computes the
    # same from whatever the last run left (the runs whose arrays are dumped restore it all)
    read_first = read_before_written(scop)
    for k, (ref, w) in enumerate(zip(refs, written, strict=True)):
        guard = "" if w.name in read_first else "if (!polyrl_batch_timing()) "
        out.append(f"{ind}{ind}{guard}polyrl_restore({ref}, polyrl_snap{k}, polyrl_bytes{k});")
    out.append(f"{ind}{ind}polyrl_t0 = polyrl_now();")
    out.append(f"{ind}{ind}switch (polyrl_v) {{")
    for v, region in enumerate(regions):
        out.append(f"{ind}{ind}case {v}: {{")
        if region is None:
            out.append(f"#line {_line_of(data, start)} {_c_string(path)}")
            out.append(data[start:end])
        else:
            out.append(f"#line 1 {_c_string(f'{path} (variant {v})')}")
            out.append(region)
        out.append('#line 1 "polyrl harness"')
        out.append(f"{ind}{ind}}} break;")
    out.append(f"{ind}{ind}}}")
    out.append(f"{ind}{ind}polyrl_batch_record(polyrl_now() - polyrl_t0);")
    out.append(f"{ind}{ind}if (polyrl_batch_dump_due()) {{")
    for k, w in enumerate(written):
        out.append(f"{ind}{ind}{ind}{_dump_call(w, k)}")
    out.append(f"{ind}{ind}{ind}polyrl_batch_dump_end();")
    out.append(f"{ind}{ind}}}")
    out.append(f"{ind}}}")
    for k in range(len(written)):
        out.append(f"{ind}polyrl_release(polyrl_snap{k});")
    out.append("}")
    out.append(f"#line {_line_of(data, end)} {_c_string(path)}")
    block = "\n".join(out) + "\n"
    prologue = harness_header() + f"#line 1 {_c_string(path)}\n"
    return prologue + data[:start] + block + data[end:]
