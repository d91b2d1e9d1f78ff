"""`LoopTree`: the plain data codegen hands to the C++ emitter (no isl object crosses).

A program is a dict:

    {"root": node,
     "statements": {"S0": {"lhs": plain_expr, "op": "+=", "rhs": plain_expr}, ...},
     "decls": [["double", "s"], ...],   # scalars declared inside the original region
     "buffers": [buffer, ...],          # optional: heap arrays (as a loop's "buffers" below)
                                        # allocated at the start of the region, freed at its end
     "indent": "  "}

and a node is one of

    {"kind": "block", "children": [node, ...]}
    {"kind": "for", "iter": "c0", "init": "C expr", "cond": "C expr",
     "upper": "C expr" | None,   # inclusive upper bound when cond is `iter <= upper`
     "inc": "1", "parallel": bool, "simd": bool, "unroll": int (1 = none),
     "unroll_copies": bool (optional, default true: `unroll` copies of the body; false:
                 the loop as it is under `#pragma GCC unroll`),
     "jam": int (1 = none; f > 1: at most f iterations, printed as f copies of the
                 body inside the enclosing loop, guarded where the tile may be partial; a
                 hoisted guard's partial tiles are a rolled loop instead, see csrc/emit.cpp),
     "pack": [{"buffer": "polyrl_pack0", "array": "A",            # optional: at the start of
               "lower": ["C expr", ...], "upper": ["C expr", ...]}],  # each iteration, copy the
                 # box lower[d] <= i_d <= upper[d] of A into the buffer (from index 0) and
                 # define `polyrl_pack0_lo<d>` = lower[d] for the statements that read it
     "vector": "double" | "float" | None,  # optional: an innermost loop printed as explicit
                 # vector code of that element type (its `simd` flag covers what cannot be)
     "buffers": [{"name": "polyrl_pack0", "ctype": "double", "extent": ["C expr", ...]}],
                 # optional: 64-byte aligned heap buffers, allocated around the loop, or
                 # at each iteration of a parallel one (private to each thread)
     "body": node}
    {"kind": "if", "cond": "C expr", "then": node, "else": node | None}
    {"kind": "stmt", "name": "S0", "args": ["c0", "c1 - c0", ...]}

`args[k]` is the C expression of the statement's k-th original iterator in terms of the
loop iterators; plain expressions are those of `polyrl.ir.expr_to_plain`.  C expressions
use the helpers `polyrl_min`, `polyrl_max`, `polyrl_floord`, `polyrl_ceild`, which the
emitted region defines.
"""
