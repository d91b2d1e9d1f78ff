"""Human-readable views of the model: the loop tree with branch/level numbers, and
dependences. Text only; the CLI prints what these return."""

from __future__ import annotations

import islpy as isl

from polyrl.ir import Scop
from polyrl.poly.dependences import Dependence
from polyrl.poly.transform import Leaf, Loop, LoopNest


def _access_text(m: isl.Map) -> str:
    """`A[i, k]` from { S[i, j, k] -> A[i, k] }, using the statement's own iterator names."""
    pma = isl.PwMultiAff.from_map(m)
    out = m.get_tuple_name(isl.dim_type.out) or "?"
    parts = []
    for k in range(pma.dim(isl.dim_type.out)):
        pieces = pma.get_pw_aff(k).get_pieces()
        txt = str(pieces[0][1]) if len(pieces) == 1 else str(pma.get_pw_aff(k))
        # "[P] -> { S[i, j] -> [(i + 1)] }" -> "i + 1"
        body = txt[txt.index("[(") + 2 : txt.rindex(")]")] if "[(" in txt else txt
        parts.append(body)
    return f"{out}[{']['.join(parts)}]" if parts else out


def accesses(m: isl.UnionMap | isl.Map) -> list[str]:
    maps: list[isl.Map] = []
    (m if isinstance(m, isl.UnionMap) else isl.UnionMap.from_map(m)).foreach_map(maps.append)
    return sorted({_access_text(x) for x in maps})


def format_nest(scop: Scop, nest: LoopNest) -> str:
    """The loop tree, each loop tagged with the (branch, level) pairs that name it."""
    names: dict[int, list[str]] = {}
    for b, path in enumerate(nest.branches()):
        for level, loop in enumerate(nest.loops_on(path)):
            names.setdefault(id(loop), []).append(f"B{b}.L{level}")
    lines: list[str] = []

    def visit(nodes, depth: int) -> None:
        pad = "  " * depth
        for n in nodes:
            if isinstance(n, Leaf):
                s = scop.statement(n.stmt)
                lines.append(f"{pad}{s.name}: {s.text}    (line {s.line})")
                lines.append(f"{pad}    writes {', '.join(accesses(s.writes))}; reads {', '.join(accesses(s.reads)) or '-'}")
            else:
                assert isinstance(n, Loop)
                flags = [f for f, on in (("parallel", n.parallel), (f"unroll {n.unroll}", n.unroll > 1)) if on]
                tag = f"  [{', '.join(flags)}]" if flags else ""
                lines.append(f"{pad}for {n.name}  ({' '.join(names.get(id(n), []))}){tag}")
                visit(n.children, depth + 1)

    visit(nest.children, 0)
    return "\n".join(lines)


def format_header(scop: Scop) -> str:
    params = " ".join(f"{p}={v if v is not None else '?'}" for p, v in scop.param_values.items())
    start = scop.source.count("\n", 0, scop.region[0]) + 1
    end = scop.source.count("\n", 0, scop.region[1]) + 1
    return f"{scop.source_path}: function {scop.function}, lines {start}-{end}" + (f", sizes {params}" if params else "")


def format_statement_domains(scop: Scop) -> str:
    return "\n".join(f"  {s.name}: {s.domain}" for s in scop.statements)


def format_dependences(scop: Scop, deps: list[Dependence]) -> str:
    """One line per dependence: kind, statements, array, distance/direction vector."""
    if not deps:
        return "no dependences"
    lines = []
    for d in deps:
        distance = d.distance(scop)
        common = scop.statement(d.source).iterators[: len(distance)]
        dist = ", ".join(map(str, distance))
        over = f" over ({', '.join(common)})" if common else ""
        lines.append(f"{d.kind:4} {d.source} -> {d.target}  {d.array:<10} distance ({dist}){over}")
    return "\n".join(lines)

