"""The polyhedral model of one region: reads its statements (statements.py) and turns each into
an `ir.Statement` with an isl iteration domain (loop bounds and `if` guards), access relations
and original schedule, then the whole into an `ir.Scop`.

Owns the isl spelling of the model and the wiring of the readers for one region; not where the
regions of a file are (extract.py).
"""

from __future__ import annotations

import clang.cindex as ci
import islpy as isl

from polyrl.errors import PolyrlError
from polyrl.frontend import affine
from polyrl.frontend.clang_parse import Source
from polyrl.frontend.constraints import ConstraintReader, guard_set
from polyrl.frontend.expressions import ExpressionReader
from polyrl.frontend.statements import SourceStatement, StatementCollector
from polyrl.frontend.symbols import RegionSymbols
from polyrl.ir import Scalar, Scop, Statement


def build_scop(src: Source, func: ci.Cursor, items: list[ci.Cursor], region: tuple[int, int],
               indent: str) -> Scop:
    """The scop of `items` (consecutive statements of one block of function `func`), which spans
    the byte range `region` of the file and whose first line is indented by `indent`."""
    symbols = RegionSymbols(src, items)
    exprs = ExpressionReader(src, symbols)
    collector = StatementCollector(src, symbols, exprs, ConstraintReader(src, symbols, exprs))
    first = items[0] if items else None
    try:
        collector.walk(items, (), ())
        if not collector.stmts:
            raise src.error("loop nest has no statements", first)
        return _scop(src, func, symbols, collector.stmts, region, indent)
    except PolyrlError:
        raise
    except Exception as e:  # our bug, but the user gets one line pointing at the code
        raise src.error(f"internal front-end error on this loop nest ({type(e).__name__}: {e}); "
                        "please report it", first) from e


def _scop(src: Source, func: ci.Cursor, symbols: RegionSymbols, stmts: list[SourceStatement],
          region: tuple[int, int], indent: str) -> Scop:
    params = list(symbols.params)
    for p in params:
        if p in affine.ISL_KEYWORDS:
            raise src.error(f"parameter name `{p}` clashes with an isl keyword; rename it", None)
    ptxt = "[" + ", ".join(params) + "] -> "
    # every original schedule has the same length: a position, then (iterator, position) per loop
    depth = 2 * max(len(s.loops) for s in stmts) + 1
    ctx = isl.Set(ptxt + "{ : }")
    statements = [_statement(src, f"S{n}", st, symbols.params, ptxt, depth) for n, st in enumerate(stmts)]
    return Scop(
        source_path=src.path,
        source=src.text,
        function=func.spelling,
        region=(src.char_offset(region[0]), src.char_offset(region[1])),
        params=tuple(params),
        param_values=dict(symbols.params),
        context=ctx,
        arrays=dict(symbols.arrays),
        statements=statements,
        indent=indent,
        local_decls=tuple(symbols.local_decls),
    )


def _statement(src: Source, name: str, st: SourceStatement, params: dict[str, int | None], ptxt: str,
               depth: int) -> Statement:
    # isl names of the iterators: distinct from each other, from the parameters and from isl's words
    inames: list[str] = []
    for lp in st.loops:
        base = lp.var
        cand = base
        k = 1
        while cand in inames or cand in params or cand in affine.ISL_KEYWORDS:
            cand = f"{base}_{k}"
            k += 1
        inames.append(cand)
    cons = []
    for k, lp in enumerate(st.loops):
        cons += [f"{inames[k]} >= {affine.to_isl(a, inames)}" for a in lp.lowers]
        cons += [f"{inames[k]} <= {affine.to_isl(a, inames)}" for a in lp.uppers]
    tup = f"{name}[{', '.join(inames)}]"
    try:
        dom = isl.Set(ptxt + "{ " + tup + (" : " + " and ".join(cons) if cons else "") + " }")
        for cond, holds, _ in st.guards:
            g = guard_set(cond, ptxt, tup, inames)
            dom = dom.intersect(g) if holds else dom.subtract(g)
        dom = dom.coalesce()
        writes = _access_umap(ptxt, tup, [st.lhs], inames, dom)
        reads = _access_umap(ptxt, tup, st.reads, inames, dom)
        sched = [str(st.positions[0])]
        for k in range(len(st.loops)):
            sched.append(inames[k] if st.loops[k].step > 0 else f"-{inames[k]}")
            sched.append(str(st.positions[k + 1]))
        sched += ["0"] * (depth - len(sched))
        schedule = isl.Map(ptxt + "{ " + tup + " -> [" + ", ".join(sched) + "] }")
        schedule = schedule.intersect_domain(dom)
    except isl.Error as e:
        raise src.error(f"internal: cannot build the polyhedral model ({e})", st.cursor) from None
    guard = " && ".join(t if holds else f"!({t})" for _, holds, t in st.guards)
    return Statement(name, tuple(lp.var for lp in st.loops), dom, st.lhs, st.op, st.rhs,
                     writes, reads, schedule, st.line, st.text, guard)


def _access_umap(ptxt: str, tup: str, refs: list, inames: list[str], dom: isl.Set) -> isl.UnionMap:
    u = isl.UnionMap.empty(dom.get_space().params())
    for r in refs:
        if isinstance(r, Scalar):
            target = f"{r.name}[]"
        else:
            idx = []
            for e in r.indices:
                a = affine.of_expr(e)
                assert a is not None
                idx.append(affine.to_isl(a, inames))
            target = f"{r.name}[{', '.join(idx)}]"
        m = isl.Map(ptxt + "{ " + tup + " -> " + target + " }").intersect_domain(dom)
        u = u.union(isl.UnionMap.from_map(m))
    return u
