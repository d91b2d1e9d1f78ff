"""The text of a working-set report (`polyrl workingset`): the reuses as a table, then
the working sets summed per cache level. The analysis is polyrl.poly.workingset's.
"""

from __future__ import annotations

from polyrl.ir import Scop
from polyrl.machine import format_size
from polyrl.poly import workingset  # REUSE_OPERATIONS as it is when a report is written
from polyrl.poly.describe import format_nest
from polyrl.poly.workingset import WorkingSetReport


def format_report(scop: Scop, report: WorkingSetReport, caches_from: str = "") -> str:
    """The reuses as a table, then the working sets summed per cache level."""
    names: dict[tuple[int, ...], str] = {}
    for b, path in enumerate(report.nest.branches()):
        for level, loop in enumerate(report.nest.loops_on(path)):
            names.setdefault(path[: level + 1], f"{loop.name} (B{b}.L{level})")
    lines = [
        "caches: " + ", ".join(f"{c.name} {format_size(c.size)}" for c in report.caches)
        + (f"  ({caches_from})" if caches_from else ""),
        "params: " + (", ".join(f"{p}={v}" for p, v in report.params.items()) or "-"),
        "",
        format_nest(scop, report.nest),
        "",
    ]
    if not report.reuses:
        lines.append("no data reuse" + (f" found ({report.too_complex} pair(s) of references too complex for isl)"
                                        if report.too_complex else ""))
        return "\n".join(lines)
    header = ("kind", "reuse", "carried by", "first source -> first .. last target", "WS_min", "WS_max")
    rows = []
    for r in report.reuses:
        carrier = names.get(r.carrier, "?") if r.carrier is not None else "- (same iteration)"
        rows.append((
            r.kind, f"{r.source} -> {r.target}", carrier,
            f"{r.source_instance} -> {r.first_target} .. {r.last_target}",
            f"{r.ws_min.elements} el {format_size(r.ws_min.bytes)} {r.ws_min.level}",
            f"{r.ws_max.elements} el {format_size(r.ws_max.bytes)} {r.ws_max.level}",
        ))
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    for row in (header, *rows):
        lines.append("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    lines.append("")
    tmin, tmax = report.totals("min"), report.totals("max")
    lines.append("working sets per level (sum over reuses; count of reuses):")
    for level in report.levels:
        nmin = sum(1 for r in report.reuses if r.ws_min.level == level)
        nmax = sum(1 for r in report.reuses if r.ws_max.level == level)
        lines.append(f"  {level:<4} WS_min {format_size(tmin[level]):>10} ({nmin})   "
                     f"WS_max {format_size(tmax[level]):>10} ({nmax})")
    if report.too_complex:
        lines.append(f"left out: {report.too_complex} pair(s) of references whose analysis took isl more than "
                     f"{workingset.REUSE_OPERATIONS} operations")
    return "\n".join(lines)
