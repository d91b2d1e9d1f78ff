"""The vector-code rule: whether one statement can be evaluated on vectors as it is written.

Owns the rule that both the legality of `V` (polyrl.poly.legality) and the LoopTree's
per-statement flag for the emitter (polyrl.codegen) apply. Not the conditions on the loop
around the statement (carried dependences, strides: legality) nor the vector code itself
(the C++ emitter).
"""

from __future__ import annotations

from polyrl.ir import ArrayRef, Binary, Expr, Num, Scop, Unary
from polyrl.ir import Scalar as ScalarRef

VECTOR_TYPES = ("double", "float")


def expression_problem(scop: Scop, lhs: Expr, rhs: Expr, types: set[str] | None = None) -> str | None:
    """Why `lhs op rhs` cannot run on vectors as it is, or None: it must write an array
    element and compute only + - * / (and unary - +) of array elements, scalars and
    numbers, all of one floating-point type, with no double literal in float code.

    `types` collects the element types read, across the statements of one loop (which
    must agree, and whose literals must fit them); left out, the statement is judged alone.
    """
    if not isinstance(lhs, ArrayRef):
        return f"writes the scalar {lhs.name}" if isinstance(lhs, ScalarRef) else "writes no array element"
    types = set() if types is None else types
    literals: list[str] = []

    def check(e: Expr) -> str | None:
        if isinstance(e, ArrayRef | ScalarRef):
            ctype = scop.arrays[e.name].ctype if e.name in scop.arrays else "?"
            if ctype not in VECTOR_TYPES:
                return f"reads {e.name} of type {ctype}"
            types.add(ctype)
            return None
        if isinstance(e, Num):
            literals.append(e.text)
            return None
        if isinstance(e, Unary) and e.op in ("-", "+"):
            return check(e.operand)
        if isinstance(e, Binary) and e.op in ("+", "-", "*", "/"):
            return check(e.lhs) or check(e.rhs)
        return "computes something other than + - * / of array elements, scalars and numbers"

    bad = check(lhs) or check(rhs)
    # a double literal makes scalar float code compute in double; float vectors cannot
    doubles = [t for t in literals if not (t.lower().endswith("f") or t.isdigit())]
    if not bad and "float" in types and doubles:
        bad = f"mixes the double literal {doubles[0]} into float arithmetic"
    return bad
