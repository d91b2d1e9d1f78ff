// The C++ mirror of polyrl/codegen/looptree.py: the LoopTree a Python dict is converted
// into before anything is printed.  Plain data, no pybind11 types.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace polyrl {

// A statement expression (polyrl.ir.expr_to_plain).  `text` holds the literal (Num),
// the name (Param, Scalar, Array), the operator (Unary, Binary), the function (Call) or
// the C type (Cast); `index` is the iterator position of an Iter.
struct Expr {
    enum class Kind { Num, Iter, Param, Scalar, Array, Unary, Binary, Call, Cast, Select };
    Kind kind = Kind::Num;
    std::string text;
    int index = 0;
    std::vector<Expr> kids;  // indices, operands, call arguments, or cond/then/else
};

struct StmtDef {
    Expr lhs;
    std::string op;  // "=", "+=", ...
    Expr rhs;
    int iter_count = 0;  // 1 + the largest Iter index used (args needed by a stmt node)
};

// Packing: at the start of each iteration of a loop, the box lower[d] <= i_d <= upper[d]
// of `array` is copied into `buffer` (indexed from 0 in every dimension); the statements
// inside already read `buffer[i_0 - lo_0]...`, where lo_d is `<buffer>_lo<d>`.
// `transposed`: the buffer's last two dimensions are swapped (buffer[..][i1][i0]).
struct Pack {
    std::string buffer, array;
    std::vector<std::string> lower, upper;
    bool transposed = false;
};

// A packing buffer: `extent[d]` elements of `ctype` in dimension d, aligned to 64 bytes.
// Allocated once around a sequential loop, at each iteration of a parallel one (so
// every thread has its own).
struct Buffer {
    std::string name, ctype;
    std::vector<std::string> extent;
};

struct Node {
    enum class Kind { Block, For, If, Stmt };
    Kind kind = Kind::Block;
    // Block: the children.  For: kids[0] is the body.  If: kids[0] then, kids[1] else.
    std::vector<Node> kids;
    bool has_else = false;
    // For
    std::string iter, init, cond, inc = "1";
    std::optional<std::string> upper;
    bool parallel = false, simd = false;
    long unroll = 1;
    // how `unroll` > 1 is printed: `unroll` copies of the body (an explicit unrolling),
    // or the loop as it is under `#pragma GCC unroll` (see polyrl.codegen)
    bool unroll_copies = true;
    // > 1: a jammed point loop of at most `jam` iterations, printed as `jam` copies of
    // its body (a rolled loop in the partial tiles of a hoisted guard).  Set by the
    // printer: whether its guard was hoisted, and if so, whether this copy of it is the
    // one where every copy of the body is known to run.
    long jam = 1;
    bool jam_settled = false, jam_full = false;
    std::vector<Pack> packs;
    std::vector<Buffer> buffers;
    // "double" or "float": print this innermost loop as explicit vector code of that
    // element type (GCC vector extensions, the width the target has; a scalar remainder);
    // empty, or a body the printer cannot write so: an ordinary loop.
    std::string vector;
    // If: `cond` above.  Stmt:
    std::string name;
    std::vector<std::string> args;
};

struct Program {
    Node root;
    std::map<std::string, StmtDef> statements;
    std::vector<std::pair<std::string, std::string>> decls;  // (type, name)
    // allocated at the start of the region, freed at its end (expanded scalars)
    std::vector<Buffer> buffers;
    std::string indent = "  ";
};

}  // namespace polyrl
