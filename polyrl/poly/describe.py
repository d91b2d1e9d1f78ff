"""Human-readable views of the model: the loop tree with branch/level numbers, and
dependences. Text only; the CLI prints what these return."""

from __future__ import annotations

from polyrl.ir import ArrayRef, Binary, Cast, Expr, Iter, Num, Param, Scalar, Scop, Statement, Unary, walk
from polyrl.poly.dependences import Dependence
from polyrl.poly.transform import Leaf, Loop, LoopNest


def index_text(e: Expr, iterators: tuple[str, ...]) -> str:
    """An affine subscript as users write it: `i + 1`, `2 * j`, `N - 1`."""
    if isinstance(e, Iter):
        return iterators[e.index]
    if isinstance(e, Param | Scalar):
        return e.name
    if isinstance(e, Num):
        return e.text
    if isinstance(e, Unary):
        return f"{e.op}{index_text(e.operand, iterators)}"
    if isinstance(e, Cast):
        return index_text(e.operand, iterators)
    if isinstance(e, Binary):
        return f"{index_text(e.lhs, iterators)} {e.op} {index_text(e.rhs, iterators)}"
    return "?"


def ref_text(ref: ArrayRef | Scalar, iterators: tuple[str, ...]) -> str:
    if isinstance(ref, Scalar):
        return ref.name
    return ref.name + "".join(f"[{index_text(i, iterators)}]" for i in ref.indices)


def statement_accesses(s: Statement) -> tuple[list[str], list[str]]:
    """(writes, reads) of a statement as source-level references, each listed once."""
    reads = [n for n in walk(s.rhs) if isinstance(n, ArrayRef | Scalar)]
    if s.op != "=":
        reads.insert(0, s.lhs)
    read_texts = list(dict.fromkeys(ref_text(r, s.iterators) for r in reads))
    return [ref_text(s.lhs, s.iterators)], read_texts


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
                when = f"    when {s.guard}" if s.guard else ""
                lines.append(f"{pad}{s.name}: {s.text}    (line {s.line}){when}")
                writes, reads = statement_accesses(s)
                lines.append(f"{pad}    writes {', '.join(writes)}; reads {', '.join(reads) or '-'}")
            else:
                assert isinstance(n, Loop)
                flags = [f for f, on in (("parallel", n.parallel), (f"unroll {n.unroll}", n.unroll > 1),
                                           (f"jam {n.jam}", n.jam > 1), ("vector", n.vector),
                                           (f"packs {' '.join(n.pack)}", bool(n.pack))) if on]
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

