// Reading a LoopTree (polyrl/codegen/looptree.py) into the C++ structs (looptree.h).
// Each dataclass checked its own fields when it was made, so they are read as they are
// (a value of the wrong type still fails pybind11's cast). Checked here is what no node
// can know alone and the plain statement expressions, which are not typed: malformed
// input raises ValueError naming its path, e.g. "LoopTree root.children[1]: unknown
// statement 'S9'".
#include "looptree_py.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "ctext.h"

namespace polyrl {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw py::value_error("LoopTree " + path + ": " + what);
}

std::string str(py::handle o, const char* field) { return o.attr(field).cast<std::string>(); }

std::vector<std::string> strs(py::handle o, const char* field) {
    std::vector<std::string> out;
    for (py::handle x : o.attr(field)) out.push_back(x.cast<std::string>());
    return out;
}

// ---------------------------------------------------------------- plain expressions

std::string type_name(py::handle h) { return py::str(py::type::handle_of(h).attr("__name__")); }

std::vector<py::handle> as_list(py::handle h, const std::string& path) {
    if (!py::isinstance<py::list>(h) && !py::isinstance<py::tuple>(h))
        fail(path, "expected a list, got " + type_name(h));
    std::vector<py::handle> out;
    for (py::handle x : h) out.push_back(x);
    return out;
}

std::string as_str(py::handle h, const std::string& path) {
    if (!py::isinstance<py::str>(h)) fail(path, "expected a str, got " + type_name(h));
    return h.cast<std::string>();
}

std::string identifier(py::handle h, const std::string& path) {
    std::string s = as_str(h, path);
    if (!is_identifier(s)) fail(path, "not a C identifier: '" + s + "'");
    return s;
}

long as_int(py::handle h, const std::string& path) {
    // numpy integers pass (they implement __index__); bools do not.
    if (py::isinstance<py::bool_>(h) || !PyIndex_Check(h.ptr())) fail(path, "expected an int, got " + type_name(h));
    py::int_ v = py::reinterpret_borrow<py::object>(h);
    int overflow = 0;
    long out = PyLong_AsLongAndOverflow(v.ptr(), &overflow);
    if (overflow) fail(path, "integer out of range");
    return out;
}

bool is_number_text(const std::string& s) {
    size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i >= s.size() || !(std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) return false;
    return std::all_of(s.begin() + i, s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' || c == '-';
    });
}

bool is_type_name(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ' ' || c == '*';
    });
}

const std::set<std::string> kUnaryOps = {"-", "+", "!", "~"};
const std::set<std::string> kBinaryOps = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=",
                                          "&&", "||", "&", "|", "^", "<<", ">>"};

void arity(const std::vector<py::handle>& v, size_t n, const std::string& path) {
    if (v.size() != n)
        fail(path, "'" + py::str(v[0]).cast<std::string>() + "' takes " + std::to_string(n - 1) +
                       " fields, got " + std::to_string(v.size() - 1));
}

Expr convert_expr(py::handle h, const std::string& path, int& iter_count, int depth = 0) {
    if (depth > 1000) fail(path, "expression nested too deeply");
    std::vector<py::handle> v = as_list(h, path);
    if (v.empty()) fail(path, "empty expression");
    std::string kind = as_str(v[0], path + "[0]");
    Expr e;
    using K = Expr::Kind;
    auto sub = [&](size_t i) {
        return convert_expr(v[i], path + "[" + std::to_string(i) + "]", iter_count, depth + 1);
    };
    auto subs = [&](size_t i) {
        std::vector<Expr> out;
        std::string p = path + "[" + std::to_string(i) + "]";
        std::vector<py::handle> items = as_list(v[i], p);
        for (size_t k = 0; k < items.size(); ++k)
            out.push_back(convert_expr(items[k], p + "[" + std::to_string(k) + "]", iter_count, depth + 1));
        return out;
    };
    if (kind == "num") {
        arity(v, 2, path);
        e.kind = K::Num;
        e.text = as_str(v[1], path + "[1]");
        if (!is_number_text(e.text)) fail(path + "[1]", "not a numeric literal: '" + e.text + "'");
    } else if (kind == "iter") {
        arity(v, 2, path);
        e.kind = K::Iter;
        long k = as_int(v[1], path + "[1]");
        if (k < 0 || k > 1000000) fail(path + "[1]", "bad iterator index " + std::to_string(k));
        e.index = static_cast<int>(k);
        iter_count = std::max(iter_count, e.index + 1);
    } else if (kind == "param" || kind == "scalar") {
        arity(v, 2, path);
        e.kind = kind == "param" ? K::Param : K::Scalar;
        e.text = identifier(v[1], path + "[1]");
    } else if (kind == "array") {
        arity(v, 3, path);
        e.kind = K::Array;
        e.text = identifier(v[1], path + "[1]");
        e.kids = subs(2);
    } else if (kind == "unary") {
        arity(v, 3, path);
        e.kind = K::Unary;
        e.text = as_str(v[1], path + "[1]");
        if (!kUnaryOps.count(e.text)) fail(path + "[1]", "unknown unary operator '" + e.text + "'");
        e.kids.push_back(sub(2));
    } else if (kind == "binary") {
        arity(v, 4, path);
        e.kind = K::Binary;
        e.text = as_str(v[1], path + "[1]");
        if (!kBinaryOps.count(e.text)) fail(path + "[1]", "unknown binary operator '" + e.text + "'");
        e.kids.push_back(sub(2));
        e.kids.push_back(sub(3));
    } else if (kind == "call") {
        arity(v, 3, path);
        e.kind = K::Call;
        e.text = identifier(v[1], path + "[1]");
        e.kids = subs(2);
    } else if (kind == "cast") {
        arity(v, 3, path);
        e.kind = K::Cast;
        e.text = as_str(v[1], path + "[1]");
        if (!is_type_name(e.text)) fail(path + "[1]", "not a C type: '" + e.text + "'");
        e.kids.push_back(sub(2));
    } else if (kind == "select") {
        arity(v, 4, path);
        e.kind = K::Select;
        for (size_t i = 1; i <= 3; ++i) e.kids.push_back(sub(i));
    } else {
        fail(path + "[0]", "unknown expression kind '" + kind + "'");
    }
    return e;
}

// ---------------------------------------------------------------- nodes

Buffer read_buffer(py::handle h) { return {str(h, "name"), str(h, "ctype"), strs(h, "extent")}; }

std::vector<Buffer> read_buffers(py::handle o) {
    std::vector<Buffer> out;
    for (py::handle b : o.attr("buffers")) out.push_back(read_buffer(b));
    return out;
}

Node read_node(py::handle h, const std::string& path, int depth) {
    if (depth > 500) fail(path, "tree nested too deeply");
    std::string kind = str(h, "kind");
    Node n;
    if (kind == "block") {
        n.kind = Node::Kind::Block;
        size_t i = 0;
        for (py::handle k : h.attr("children"))
            n.kids.push_back(read_node(k, path + ".children[" + std::to_string(i++) + "]", depth + 1));
    } else if (kind == "for") {
        n.kind = Node::Kind::For;
        n.iter = str(h, "iter");
        n.init = str(h, "init");
        n.cond = str(h, "cond");
        if (!h.attr("upper").is_none()) n.upper = str(h, "upper");
        n.inc = str(h, "inc");
        n.parallel = h.attr("parallel").cast<bool>();
        n.simd = h.attr("simd").cast<bool>();
        n.unroll = h.attr("unroll").cast<long>();
        n.unroll_copies = h.attr("unroll_copies").cast<bool>();
        n.jam = h.attr("jam").cast<long>();
        for (py::handle p : h.attr("packs"))
            n.packs.push_back({str(p, "buffer"), str(p, "array"), strs(p, "lower"), strs(p, "upper"),
                               p.attr("transposed").cast<bool>()});
        if (!h.attr("vector").is_none()) n.vector = str(h, "vector");
        n.buffers = read_buffers(h);
        n.kids.push_back(read_node(h.attr("body"), path + ".body", depth + 1));
    } else if (kind == "if") {
        n.kind = Node::Kind::If;
        n.cond = str(h, "cond");
        n.kids.push_back(read_node(h.attr("then"), path + ".then", depth + 1));
        if (!h.attr("orelse").is_none()) {
            n.has_else = true;
            n.kids.push_back(read_node(h.attr("orelse"), path + ".orelse", depth + 1));
        }
    } else {
        n.kind = Node::Kind::Stmt;
        n.name = str(h, "name");
        n.args = strs(h, "args");
    }
    return n;
}

std::string child_path(const Node& n, size_t i) {
    return n.kind == Node::Kind::Block ? ".children[" + std::to_string(i) + "]"
           : n.kind == Node::Kind::For ? ".body"
           : i == 0                    ? ".then"
                                       : ".orelse";
}

// Every stmt node names a statement and gives the iterators its expressions use.
void check_stmts(const Node& n, const Program& p, const std::string& path) {
    if (n.kind == Node::Kind::Stmt) {
        auto it = p.statements.find(n.name);
        if (it == p.statements.end()) fail(path, "unknown statement '" + n.name + "'");
        if (static_cast<int>(n.args.size()) < it->second.iter_count)
            fail(path, "statement '" + n.name + "' uses " + std::to_string(it->second.iter_count) +
                           " iterators but the node gives " + std::to_string(n.args.size()) + " args");
    }
    for (size_t i = 0; i < n.kids.size(); ++i) check_stmts(n.kids[i], p, path + child_path(n, i));
}

// Every pack copies into a buffer of its own loop or of a loop around it, with as many
// dimensions as the buffer has.
void check_packs(const Node& n, std::vector<const Buffer*>& scope, const std::string& path) {
    size_t mark = scope.size();
    for (const Buffer& b : n.buffers) scope.push_back(&b);
    for (size_t i = 0; i < n.packs.size(); ++i) {
        const Pack& p = n.packs[i];
        auto it = std::find_if(scope.rbegin(), scope.rend(), [&](const Buffer* b) { return b->name == p.buffer; });
        std::string where = path + ".packs[" + std::to_string(i) + "]";
        if (it == scope.rend()) fail(where, "buffer '" + p.buffer + "' is not allocated by this loop or one around it");
        if ((*it)->extent.size() != p.lower.size())
            fail(where, "buffer '" + p.buffer + "' has " + std::to_string((*it)->extent.size()) + " dimensions, the pack " +
                            std::to_string(p.lower.size()));
    }
    for (size_t i = 0; i < n.kids.size(); ++i) check_packs(n.kids[i], scope, path + child_path(n, i));
    scope.resize(mark);
}

}  // namespace

Program program_from_python(py::handle tree) {
    Program p;
    for (auto item : tree.attr("statements").attr("items")()) {
        auto pair = item.cast<py::tuple>();
        std::string name = pair[0].cast<std::string>();
        std::string path = "statements['" + name + "']";
        py::handle s = pair[1];
        StmtDef def;
        def.lhs = convert_expr(s.attr("lhs"), path + ".lhs", def.iter_count);
        if (def.lhs.kind != Expr::Kind::Array && def.lhs.kind != Expr::Kind::Scalar)
            fail(path + ".lhs", "the left-hand side must be an array reference or a scalar");
        def.op = str(s, "op");
        def.rhs = convert_expr(s.attr("rhs"), path + ".rhs", def.iter_count);
        def.vector = s.attr("vector").cast<bool>();
        p.statements.emplace(name, std::move(def));
    }
    for (py::handle d : tree.attr("decls")) {
        auto pair = d.cast<py::tuple>();
        p.decls.emplace_back(pair[0].cast<std::string>(), pair[1].cast<std::string>());
    }
    p.buffers = read_buffers(tree);
    p.indent = str(tree, "indent");
    p.root = read_node(tree.attr("root"), "root", 0);
    check_stmts(p.root, p, "root");
    std::vector<const Buffer*> scope;
    check_packs(p.root, scope, "root");
    return p;
}

}  // namespace polyrl
