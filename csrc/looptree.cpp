// Converting the LoopTree Python dict (polyrl/codegen/looptree.py) into the C++ structs,
// checking everything printing relies on; malformed input raises ValueError naming the
// offending path, e.g. "LoopTree root.children[1].body: missing key 'iter'".
#include "looptree_py.h"

#include <algorithm>
#include <set>

#include "emit.h"

namespace polyrl {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw py::value_error("LoopTree " + path + ": " + what);
}

std::string type_name(py::handle h) { return py::str(py::type::handle_of(h).attr("__name__")); }

py::dict as_dict(py::handle h, const std::string& path) {
    if (!py::isinstance<py::dict>(h)) fail(path, "expected a dict, got " + type_name(h));
    return py::reinterpret_borrow<py::dict>(h);
}

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

py::handle get(const py::dict& d, const char* key, const std::string& path) {
    if (!d.contains(key)) fail(path, std::string("missing key '") + key + "'");
    return d[key];
}

// Optional keys: absent and None both mean the default.
bool has(const py::dict& d, const char* key) { return d.contains(key) && !d[key].is_none(); }

std::string c_expr(const py::dict& d, const char* key, const std::string& path) {
    std::string s = as_str(get(d, key, path), path + "." + key);
    if (!is_c_expression(s)) fail(path + "." + key, "not a C expression: '" + s + "'");
    return s;
}

std::string identifier(py::handle h, const std::string& path) {
    std::string s = as_str(h, path);
    if (!is_identifier(s)) fail(path, "not a C identifier: '" + s + "'");
    return s;
}

bool as_bool(py::handle h, const std::string& path) {
    if (!py::isinstance<py::bool_>(h)) fail(path, "expected a bool, got " + type_name(h));
    return h.cast<bool>();
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
const std::set<std::string> kAssignOps = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};

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

std::vector<std::string> c_exprs(const py::dict& d, const char* key, const std::string& path) {
    std::vector<std::string> out;
    std::vector<py::handle> items = as_list(get(d, key, path), path + "." + key);
    for (size_t i = 0; i < items.size(); ++i) {
        std::string p = path + "." + key + "[" + std::to_string(i) + "]";
        std::string s = as_str(items[i], p);
        if (!is_c_expression(s)) fail(p, "not a C expression: '" + s + "'");
        out.push_back(s);
    }
    return out;
}

Pack convert_pack(py::handle h, const std::string& path) {
    py::dict d = as_dict(h, path);
    Pack p;
    p.buffer = identifier(get(d, "buffer", path), path + ".buffer");
    p.array = identifier(get(d, "array", path), path + ".array");
    p.lower = c_exprs(d, "lower", path);
    p.upper = c_exprs(d, "upper", path);
    if (p.lower.empty() || p.lower.size() != p.upper.size())
        fail(path, "lower and upper must give the same number (> 0) of bounds");
    if (has(d, "transposed")) p.transposed = as_bool(d["transposed"], path + ".transposed");
    if (p.transposed && p.lower.size() < 2) fail(path + ".transposed", "a transposed buffer needs two dimensions");
    return p;
}

Buffer convert_buffer(py::handle h, const std::string& path) {
    py::dict d = as_dict(h, path);
    Buffer b;
    b.name = identifier(get(d, "name", path), path + ".name");
    b.ctype = as_str(get(d, "ctype", path), path + ".ctype");
    if (!is_type_name(b.ctype)) fail(path + ".ctype", "not a C type: '" + b.ctype + "'");
    b.extent = c_exprs(d, "extent", path);
    if (b.extent.empty()) fail(path + ".extent", "a buffer needs at least one dimension");
    return b;
}

// Every pack copies into a buffer of its own loop or of a loop around it, with as many
// dimensions as the buffer has.
void check_packs(const Node& n, std::vector<const Buffer*>& scope, const std::string& path) {
    size_t mark = scope.size();
    for (const Buffer& b : n.buffers) scope.push_back(&b);
    for (size_t i = 0; i < n.packs.size(); ++i) {
        const Pack& p = n.packs[i];
        auto it = std::find_if(scope.rbegin(), scope.rend(), [&](const Buffer* b) { return b->name == p.buffer; });
        std::string where = path + ".pack[" + std::to_string(i) + "]";
        if (it == scope.rend()) fail(where, "buffer '" + p.buffer + "' is not allocated by this loop or one around it");
        if ((*it)->extent.size() != p.lower.size())
            fail(where, "buffer '" + p.buffer + "' has " + std::to_string((*it)->extent.size()) + " dimensions, the pack " +
                            std::to_string(p.lower.size()));
    }
    for (size_t i = 0; i < n.kids.size(); ++i) {
        std::string sub = n.kind == Node::Kind::Block ? ".children[" + std::to_string(i) + "]"
                          : n.kind == Node::Kind::For ? ".body"
                          : i == 0                    ? ".then"
                                                      : ".else";
        check_packs(n.kids[i], scope, path + sub);
    }
    scope.resize(mark);
}

Node convert_node(py::handle h, const std::string& path, int depth) {
    if (depth > 500) fail(path, "tree nested too deeply");
    py::dict d = as_dict(h, path);
    std::string kind = as_str(get(d, "kind", path), path + ".kind");
    Node n;
    if (kind == "block") {
        n.kind = Node::Kind::Block;
        std::vector<py::handle> kids = as_list(get(d, "children", path), path + ".children");
        for (size_t i = 0; i < kids.size(); ++i)
            n.kids.push_back(convert_node(kids[i], path + ".children[" + std::to_string(i) + "]", depth + 1));
    } else if (kind == "for") {
        n.kind = Node::Kind::For;
        n.iter = identifier(get(d, "iter", path), path + ".iter");
        n.init = c_expr(d, "init", path);
        n.cond = c_expr(d, "cond", path);
        if (has(d, "upper")) n.upper = c_expr(d, "upper", path);
        if (has(d, "inc")) n.inc = c_expr(d, "inc", path);
        if (has(d, "parallel")) n.parallel = as_bool(d["parallel"], path + ".parallel");
        if (has(d, "simd")) n.simd = as_bool(d["simd"], path + ".simd");
        if (has(d, "vector")) {
            n.vector = as_str(d["vector"], path + ".vector");
            if (n.vector != "double" && n.vector != "float")
                fail(path + ".vector", "vector element type must be 'double' or 'float', not '" + n.vector + "'");
        }
        if (has(d, "unroll")) n.unroll = as_int(d["unroll"], path + ".unroll");
        if (n.unroll < 1 || n.unroll > 1024) fail(path + ".unroll", "unroll factor must be in 1..1024");
        if (has(d, "unroll_copies")) n.unroll_copies = as_bool(d["unroll_copies"], path + ".unroll_copies");
        if (has(d, "jam")) n.jam = as_int(d["jam"], path + ".jam");
        if (n.jam < 1 || n.jam > 64) fail(path + ".jam", "jam factor must be in 1..64");
        if (has(d, "pack")) {
            std::vector<py::handle> packs = as_list(d["pack"], path + ".pack");
            for (size_t i = 0; i < packs.size(); ++i) n.packs.push_back(convert_pack(packs[i], path + ".pack[" + std::to_string(i) + "]"));
        }
        if (has(d, "buffers")) {
            std::vector<py::handle> bufs = as_list(d["buffers"], path + ".buffers");
            for (size_t i = 0; i < bufs.size(); ++i)
                n.buffers.push_back(convert_buffer(bufs[i], path + ".buffers[" + std::to_string(i) + "]"));
        }
        n.kids.push_back(convert_node(get(d, "body", path), path + ".body", depth + 1));
    } else if (kind == "if") {
        n.kind = Node::Kind::If;
        n.cond = c_expr(d, "cond", path);
        n.kids.push_back(convert_node(get(d, "then", path), path + ".then", depth + 1));
        if (has(d, "else")) {
            n.has_else = true;
            n.kids.push_back(convert_node(d["else"], path + ".else", depth + 1));
        }
    } else if (kind == "stmt") {
        n.kind = Node::Kind::Stmt;
        n.name = as_str(get(d, "name", path), path + ".name");
        std::vector<py::handle> args = as_list(get(d, "args", path), path + ".args");
        for (size_t i = 0; i < args.size(); ++i) {
            std::string p = path + ".args[" + std::to_string(i) + "]";
            std::string a = as_str(args[i], p);
            if (!is_c_expression(a)) fail(p, "not a C expression: '" + a + "'");
            n.args.push_back(a);
        }
    } else {
        fail(path + ".kind", "unknown node kind '" + kind + "' (block, for, if, stmt)");
    }
    return n;
}

void check_stmts(const Node& n, const Program& p, const std::string& path) {
    if (n.kind == Node::Kind::Stmt) {
        auto it = p.statements.find(n.name);
        if (it == p.statements.end()) fail(path, "unknown statement '" + n.name + "'");
        if (static_cast<int>(n.args.size()) < it->second.iter_count)
            fail(path, "statement '" + n.name + "' uses " + std::to_string(it->second.iter_count) +
                           " iterators but the node gives " + std::to_string(n.args.size()) + " args");
    }
    for (size_t i = 0; i < n.kids.size(); ++i) {
        std::string sub = n.kind == Node::Kind::Block ? ".children[" + std::to_string(i) + "]"
                          : n.kind == Node::Kind::For ? ".body"
                          : i == 0                    ? ".then"
                                                      : ".else";
        check_stmts(n.kids[i], p, path + sub);
    }
}

}  // namespace

Program program_from_python(py::handle h) {
    py::dict d = as_dict(h, "program");
    Program p;
    py::handle stmts = get(d, "statements", "program");
    py::dict sd = as_dict(stmts, "statements");
    for (auto [key, value] : sd) {
        std::string name = as_str(key, "statements key");
        std::string path = "statements['" + name + "']";
        py::dict s = as_dict(value, path);
        StmtDef def;
        def.lhs = convert_expr(get(s, "lhs", path), path + ".lhs", def.iter_count);
        if (def.lhs.kind != Expr::Kind::Array && def.lhs.kind != Expr::Kind::Scalar)
            fail(path + ".lhs", "the left-hand side must be an array reference or a scalar");
        def.op = as_str(get(s, "op", path), path + ".op");
        if (!kAssignOps.count(def.op)) fail(path + ".op", "unknown assignment operator '" + def.op + "'");
        def.rhs = convert_expr(get(s, "rhs", path), path + ".rhs", def.iter_count);
        p.statements.emplace(name, std::move(def));
    }
    if (has(d, "decls")) {
        std::vector<py::handle> decls = as_list(d["decls"], "decls");
        for (size_t i = 0; i < decls.size(); ++i) {
            std::string path = "decls[" + std::to_string(i) + "]";
            std::vector<py::handle> pair = as_list(decls[i], path);
            if (pair.size() != 2) fail(path, "expected [type, name]");
            std::string type = as_str(pair[0], path + "[0]");
            if (!is_type_name(type)) fail(path + "[0]", "not a C type: '" + type + "'");
            p.decls.emplace_back(type, identifier(pair[1], path + "[1]"));
        }
    }
    if (has(d, "buffers")) {
        std::vector<py::handle> bufs = as_list(d["buffers"], "buffers");
        for (size_t i = 0; i < bufs.size(); ++i)
            p.buffers.push_back(convert_buffer(bufs[i], "buffers[" + std::to_string(i) + "]"));
    }
    if (has(d, "indent")) {
        p.indent = as_str(d["indent"], "indent");
        if (p.indent.find_first_not_of(" \t") != std::string::npos) fail("indent", "only spaces and tabs allowed");
    }
    p.root = convert_node(get(d, "root", "program"), "root", 0);
    check_stmts(p.root, p, "root");
    std::vector<const Buffer*> scope;
    check_packs(p.root, scope, "root");
    return p;
}

}  // namespace polyrl
