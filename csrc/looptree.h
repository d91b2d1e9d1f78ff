// The C++ mirror of the LoopTree of polyrl/codegen/looptree.py (read from Python by
// looptree.cpp), plus how each loop is to be written out, which rewrite() (rewrite.h)
// settles before printing.  Plain data, no pybind11 types.
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

// looptree.Statement
struct StmtDef {
    Expr lhs;
    std::string op;  // "=", "+=", ...
    Expr rhs;
    bool vector = false;  // can be evaluated on vectors as it is (polyrl.poly.vector decides)
    int iter_count = 0;   // 1 + the largest Iter index used (args needed by a stmt node)
};

// looptree.Pack: the box lower[d] <= i_d <= upper[d] of `array`, copied into `buffer`
// (from index 0) at the start of each iteration; `<buffer>_lo<d>` is lower[d].
struct Pack {
    std::string buffer, array;
    std::vector<std::string> lower, upper;
    bool transposed = false;  // the buffer's last two dimensions swapped
};

// looptree.Buffer: `extent[d]` elements of `ctype` in dimension d, aligned to 64 bytes.
struct Buffer {
    std::string name, ctype;
    std::vector<std::string> extent;
};

// How the printer writes a `for` node (rewrite() decides):
enum class Form {
    Plain,       // the loop, under its OpenMP pragma or `#pragma GCC unroll`
    Vector,      // explicit vector code over `straight`, then a scalar remainder loop
    Packing,     // the loop, each iteration allocating its buffers and copying its packs
    Jammed,      // `copies`, in place of the loop
    JamPartial,  // the partial tiles of a hoisted jam guard: a rolled loop
    Unrolled,    // a main loop running the body and `copies`, then a remainder loop
};

// A jammed loop below a hoisted full-tile guard: in its full-tile branch or the other.
enum class Tile { Unknown, Full, Partial };

struct Node {
    enum class Kind { Block, For, If, Stmt };
    Kind kind = Kind::Block;
    // Block: the children.  For: kids[0] is the body.  If: kids[0] then, kids[1] else.
    std::vector<Node> kids;
    bool has_else = false;
    // For (looptree.For)
    std::string iter, init, cond, inc = "1";
    std::optional<std::string> upper;
    bool parallel = false, simd = false;
    long unroll = 1;
    bool unroll_copies = true;
    long jam = 1;
    std::vector<Pack> packs;
    std::vector<Buffer> buffers;
    std::string vector;  // "double", "float", or empty
    // If: `cond` above.  Stmt:
    std::string name;
    std::vector<std::string> args;

    // For, settled by rewrite(); the reader leaves the defaults.
    Form form = Form::Plain;
    Tile tile = Tile::Unknown;
    std::optional<long> step;     // `inc` as an integer literal
    bool wraps_buffers = false;   // `buffers` allocated once, in a block around the loop
    // Jammed, hoisted through its register block's base (rewrite.cpp, jam_base): the copies
    // take the values base + k, each under `lower <= base + k` for its other lower bounds.
    bool based = false;
    // ... bounded above by the loop around the chain alone (jam_base's one `upper`, the
    // iterator plus a term: covariance's i <= j), where that loop is split (split_at_base)
    bool based_above = false;
    bool based_clear = false;  // ... where those other bounds are known to hold: no guard
    // Jammed: the body at init + k*inc for k = 0..jam-1, each under
    //   `if (init + k*inc <= upper)` unless the tile is known to be full;
    // Unrolled: the body at (iter + k*inc) for k = 1..unroll-1.
    std::vector<Node> copies;
    // Vector: the statements the body runs, in order, and the stride of each array
    // reference among them (its C text) along the loop: 0 (invariant) or 1 (unit).
    std::vector<Node> straight;
    std::map<std::string, int> strides;
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
