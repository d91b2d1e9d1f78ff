// The C printer for a LoopTree: helper macros, declarations, loops (OpenMP pragmas,
// explicit or pragma unrolling), conditionals, and statement expressions with minimal
// but safe C parenthesisation.
#include "emit.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace polyrl {

namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_unsigned_number(const std::string& s) {
    if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '.')) return false;
    for (char c : s)
        if (!(is_ident_char(c) || c == '.')) return false;  // 1.5, 2.0f, 10UL, 0x1F (no exponent sign)
    return true;
}

// True when `s` is one parenthesised group "( ... )" as a whole.
bool is_fully_parenthesized(const std::string& s) {
    if (s.size() < 2 || s.front() != '(' || s.back() != ')') return false;
    int depth = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        else if (s[i] == ')' && --depth == 0 && i + 1 != s.size()) return false;
    }
    return depth == 0;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

// A C expression string that can stand as an operand of any operator as it is: a name,
// a number, "( ... )", or a call "f( ... )".
bool is_atomic(const std::string& s) {
    if (is_identifier(s) || is_unsigned_number(s) || is_fully_parenthesized(s)) return true;
    size_t open = s.find('(');
    return open != std::string::npos && is_identifier(s.substr(0, open)) && is_fully_parenthesized(s.substr(open));
}

std::string paren(const std::string& s) { return is_atomic(s) ? s : "(" + s + ")"; }

// Binding strength of C operators, higher binds tighter.
constexpr int kPrimary = 16, kUnary = 15, kSelect = 3;
constexpr int kLowest = 0;  // unknown structure: parenthesised under any operator

int binary_precedence(const std::string& op) {
    if (op == "*" || op == "/" || op == "%") return 13;
    if (op == "+" || op == "-") return 12;
    if (op == "<<" || op == ">>") return 11;
    if (op == "<" || op == "<=" || op == ">" || op == ">=") return 10;
    if (op == "==" || op == "!=") return 9;
    if (op == "&") return 8;
    if (op == "^") return 7;
    if (op == "|") return 6;
    if (op == "&&") return 5;
    if (op == "||") return 4;
    throw std::invalid_argument("LoopTree: unknown binary operator '" + op + "'");
}

// Pairs that are correct without parentheses but that gcc -Wparentheses flags (and
// readers misread): && inside ||, + - inside shifts, anything but * / % inside & ^ |,
// a comparison inside a comparison, `!x` inside a comparison or a bitwise operation.
bool wants_clarifying_parens(const std::string& parent, const Expr& child) {
    int p = binary_precedence(parent);
    if (child.kind == Expr::Kind::Unary) return child.text == "!" && p >= 6 && p <= 10;
    if (child.kind != Expr::Kind::Binary) return false;
    int c = binary_precedence(child.text);
    if (p == 4) return c == 5;
    if (p == 11) return c == 12;
    if (p >= 6 && p <= 8) return c != p && c <= 12;
    if (p == 9 || p == 10) return c == 9 || c == 10;
    return false;
}

struct Printed {
    std::string text;
    int prec;
};

// Replaces an array reference (name, printed subscripts) by another text, or leaves it.
using RefHook = std::function<std::optional<std::string>(const std::string&, const std::vector<std::string>&)>;

class ExprPrinter {
public:
    explicit ExprPrinter(const std::vector<std::string>& args, RefHook hook = nullptr)
        : args_(args), hook_(std::move(hook)) {}

    Printed print(const Expr& e) const {
        using K = Expr::Kind;
        switch (e.kind) {
        case K::Num:
            return {e.text, e.text[0] == '-' || e.text[0] == '+' ? kUnary : kPrimary};
        case K::Param:
        case K::Scalar:
            return {e.text, kPrimary};
        case K::Iter: {
            if (e.index < 0 || static_cast<size_t>(e.index) >= args_.size())
                throw std::invalid_argument("LoopTree: iterator index " + std::to_string(e.index) +
                                            " out of range of the statement's args");
            // An arg is a whole C expression: bare where any expression fits (index,
            // argument, right-hand side), parenthesised under operators unless atomic.
            std::string a = trim(args_[e.index]);
            while (is_fully_parenthesized(a)) a = trim(a.substr(1, a.size() - 2));
            return {a, is_atomic(a) ? kPrimary : kLowest};
        }
        case K::Array: {
            std::vector<std::string> idx;
            for (const Expr& i : e.kids) idx.push_back(print(i).text);
            if (hook_)
                if (std::optional<std::string> r = hook_(e.text, idx)) return {*r, kPrimary};
            std::string s = e.text;
            for (const std::string& i : idx) s += "[" + i + "]";
            return {s, kPrimary};
        }
        case K::Call: {
            std::string s = e.text + "(";
            for (size_t i = 0; i < e.kids.size(); ++i) s += (i ? ", " : "") + print(e.kids[i]).text;
            return {s + ")", kPrimary};
        }
        case K::Cast: {
            std::string inner = print(e.kids[0]).text;
            return {"(" + e.text + ")" + (is_fully_parenthesized(inner) ? inner : "(" + inner + ")"),
                    kUnary};
        }
        case K::Unary: {
            Printed o = print(e.kids[0]);
            // Parenthesise nested unary operands too: `-(-x)`, never `--x` or `- -x`.
            bool wrap = o.prec < kUnary || (o.prec == kUnary && e.kids[0].kind != Expr::Kind::Cast);
            return {e.text + (wrap ? "(" + o.text + ")" : o.text), kUnary};
        }
        case K::Binary: {
            int p = binary_precedence(e.text);
            Printed l = print(e.kids[0]), r = print(e.kids[1]);
            // Left-associative: an equal-precedence right operand keeps its parentheses
            // (a - (b - c), a / (b * c); also keeps floating-point association).
            bool wl = l.prec < p || wants_clarifying_parens(e.text, e.kids[0]);
            bool wr = r.prec <= p || wants_clarifying_parens(e.text, e.kids[1]);
            return {(wl ? "(" + l.text + ")" : l.text) + " " + e.text + " " +
                        (wr ? "(" + r.text + ")" : r.text),
                    p};
        }
        case K::Select: {
            Printed c = print(e.kids[0]), t = print(e.kids[1]), o = print(e.kids[2]);
            auto wrap = [](const Printed& x) { return x.prec <= kSelect ? "(" + x.text + ")" : x.text; };
            return {wrap(c) + " ? " + wrap(t) + " : " + wrap(o), kSelect};
        }
        }
        throw std::logic_error("unreachable");
    }

private:
    const std::vector<std::string>& args_;
    RefHook hook_;
};

// Parses "4", "+4", "-2" into an integer step; nullopt when not a plain literal.
std::optional<long> integer_literal(const std::string& text) {
    std::string s = trim(text);
    if (is_fully_parenthesized(s)) s = trim(s.substr(1, s.size() - 2));
    if (s.empty()) return std::nullopt;
    size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    if (i == s.size() || s.size() - i > 15) return std::nullopt;
    for (size_t k = i; k < s.size(); ++k)
        if (!std::isdigit(static_cast<unsigned char>(s[k]))) return std::nullopt;
    return std::stol(s);
}

// The body of an explicitly unrolled loop, copied with `iter` replaced by an expression.
Node substituted(const Node& n, const std::string& iter, const std::string& repl) {
    Node m = n;
    auto sub = [&](std::string& s) { s = substitute_identifier(s, iter, repl); };
    switch (n.kind) {
    case Node::Kind::For:
        sub(m.init);
        for (Buffer& b : m.buffers)
            for (std::string& e : b.extent) sub(e);
        if (n.iter == iter) return m;  // shadowed below this point (init is outside)
        sub(m.cond);
        sub(m.inc);
        if (m.upper) sub(*m.upper);
        for (Pack& p : m.packs) {
            for (std::string& e : p.lower) sub(e);
            for (std::string& e : p.upper) sub(e);
        }
        break;
    case Node::Kind::If:
        sub(m.cond);
        break;
    case Node::Kind::Stmt:
        for (std::string& a : m.args) sub(a);
        break;
    case Node::Kind::Block:
        break;
    }
    for (Node& k : m.kids) k = substituted(k, iter, repl);
    return m;
}

// `n` itself, or its only child when it is a block of one node.
const Node& single(const Node& n) { return n.kind == Node::Kind::Block && n.kids.size() == 1 ? n.kids[0] : n; }
Node& single(Node& n) { return n.kind == Node::Kind::Block && n.kids.size() == 1 ? n.kids[0] : n; }

bool mentions(const std::string& text, const std::string& name) {
    return substitute_identifier(text, name, "") != text;
}

// The coefficient of `iter` in the C text of an affine sum (terms split at + and - outside
// parentheses); nullopt when `iter` appears in a term that is not `iter` itself (2 * c, (c + 1)).
std::optional<long> coefficient(const std::string& text, const std::string& iter) {
    long coef = 0;
    int depth = 0, sign = 1;
    std::string term;
    auto flush = [&]() -> bool {
        std::string t = trim(term);
        while (is_fully_parenthesized(t)) t = trim(t.substr(1, t.size() - 2));
        term.clear();
        if (t == iter) coef += sign;
        else if (mentions(t, iter)) return false;
        return true;
    };
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (depth == 0 && (c == '+' || c == '-') && !trim(term).empty()) {
            char prev = trim(term).back();
            if (is_ident_char(prev) || prev == ')' || prev == '.') {  // a binary operator
                if (!flush()) return std::nullopt;
                sign = c == '+' ? 1 : -1;
                continue;
            }
        }
        if (depth == 0 && (c == '+' || c == '-') && trim(term).empty()) {
            if (c == '-') sign = -sign;
            continue;
        }
        term += c;
    }
    if (!flush()) return std::nullopt;
    return coef;
}

// The statements of a loop body as straight-line code: blocks flattened, jammed loops of a
// full tile expanded into their copies; nullopt when anything else (a guard, a loop) is in it.
bool straight_line(const Node& n, std::vector<Node>& out) {
    switch (n.kind) {
    case Node::Kind::Block:
        for (const Node& k : n.kids)
            if (!straight_line(k, out)) return false;
        return true;
    case Node::Kind::Stmt:
        out.push_back(n);
        return true;
    case Node::Kind::For: {
        std::optional<long> inc = integer_literal(n.inc);
        if (n.jam <= 1 || !n.jam_full || !inc || *inc <= 0 || !n.packs.empty() || !n.buffers.empty()) return false;
        for (long k = 0; k < n.jam; ++k) {
            std::string value = k == 0 ? paren(trim(n.init)) : "(" + trim(n.init) + " + " + std::to_string(k * *inc) + ")";
            if (!straight_line(substituted(n.kids[0], n.iter, value), out)) return false;
        }
        return true;
    }
    case Node::Kind::If:
        return false;
    }
    return false;
}

// Whether an expression can be evaluated on vectors as it is: + - * / and unary - + over
// array references, scalars and literals (iterators only inside subscripts).
bool vector_arithmetic(const Expr& e) {
    using K = Expr::Kind;
    switch (e.kind) {
    case K::Num:
    case K::Scalar:
    case K::Array:
        return true;
    case K::Unary:
        return (e.text == "-" || e.text == "+") && vector_arithmetic(e.kids[0]);
    case K::Binary:
        return (e.text == "+" || e.text == "-" || e.text == "*" || e.text == "/") && vector_arithmetic(e.kids[0]) &&
               vector_arithmetic(e.kids[1]);
    default:
        return false;
    }
}

bool any_vector_loop(const Node& n) {
    if (n.kind == Node::Kind::For && !n.vector.empty()) return true;
    return std::any_of(n.kids.begin(), n.kids.end(), any_vector_loop);
}

void vector_types(const Node& n, std::set<std::string>& out) {
    if (n.kind == Node::Kind::For && !n.vector.empty()) out.insert(n.vector);
    for (const Node& k : n.kids) vector_types(k, out);
}

// Unroll-and-jam guards, hoisted: where a chain of loops (each the only child of the
// one before) ends in jammed loops whose full-tile condition `init + (f-1)*inc <= upper`
// uses none of the chain's iterators, the chain becomes
//   if (full) { chain with unguarded copies } else { chain with guarded copies },
// so the innermost loop of a full tile holds straight-line code that it can vectorize.
// Each jammed loop is settled once (outermost place first); the rest are tried deeper.
Node hoisted_jam_guards(const Node& n) {
    if (n.kind == Node::Kind::For && n.jam == 1) {
        std::vector<std::string> iters;
        const Node* c = &n;
        while (c->kind == Node::Kind::For && c->jam == 1) {
            iters.push_back(c->iter);
            c = &single(c->kids[0]);
        }
        std::vector<std::string> conds;
        std::vector<int> chosen;  // depths, within the jammed chain, of the loops settled here
        for (int depth = 0; c->kind == Node::Kind::For && c->jam > 1; ++depth, c = &single(c->kids[0])) {
            std::optional<long> inc = integer_literal(c->inc);
            bool ok = !c->jam_settled && c->upper && inc && *inc > 0;
            for (const std::string& it : iters) ok = ok && !mentions(c->init, it) && !mentions(*c->upper, it);
            if (ok) {
                conds.push_back(trim(c->init) + " + " + std::to_string((c->jam - 1) * *inc) + " <= " +
                                trim(*c->upper));
                chosen.push_back(depth);
            }
            iters.push_back(c->iter);
        }
        if (!conds.empty()) {
            auto settle = [&](bool full) {
                Node copy = n;
                Node* m = &copy;
                while (m->kind == Node::Kind::For && m->jam == 1) m = &single(m->kids[0]);
                for (int depth = 0; m->kind == Node::Kind::For && m->jam > 1; ++depth, m = &single(m->kids[0]))
                    if (std::find(chosen.begin(), chosen.end(), depth) != chosen.end()) {
                        m->jam_settled = true;
                        m->jam_full = full;
                    }
                for (Node& k : copy.kids) k = hoisted_jam_guards(k);
                return copy;
            };
            Node guard;
            guard.kind = Node::Kind::If;
            guard.cond = conds[0];
            for (size_t k = 1; k < conds.size(); ++k) guard.cond += " && " + conds[k];
            guard.kids = {settle(true), settle(false)};
            guard.has_else = true;
            return guard;
        }
    }
    Node m = n;
    for (Node& k : m.kids) k = hoisted_jam_guards(k);
    return m;
}

class Emitter {
public:
    explicit Emitter(const Program& p) : p_(p) {}

    std::string run() {
        out_ << "/* polyrl: optimized region */\n";
        out_ << "#ifndef polyrl_min\n#define polyrl_min(a,b) ((a) < (b) ? (a) : (b))\n#endif\n";
        out_ << "#ifndef polyrl_max\n#define polyrl_max(a,b) ((a) > (b) ? (a) : (b))\n#endif\n";
        out_ << "#ifndef polyrl_floord\n"
                "#define polyrl_floord(n,d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))\n"
                "#endif\n";
        out_ << "#ifndef polyrl_ceild\n"
                "#define polyrl_ceild(n,d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))\n"
                "#endif\n";
        if (any_vector_loop(p_.root)) {
            // the widest vectors the target has (generic vectors elsewhere: gcc lowers them)
            out_ << "#ifndef polyrl_vbytes\n#if defined(__AVX512F__)\n#define polyrl_vbytes 64\n"
                    "#elif defined(__AVX__)\n#define polyrl_vbytes 32\n#else\n#define polyrl_vbytes 16\n#endif\n"
                    "#endif\n";
        }
        line(0, "{");
        for (const auto& [type, name] : p_.decls) line(1, type + " " + name + ";");
        std::set<std::string> types;
        vector_types(p_.root, types);
        for (const std::string& t : types) {
            line(1, "typedef " + t + " polyrl_v_" + t + " __attribute__((vector_size(polyrl_vbytes)));");
            line(1, "enum { polyrl_lanes_" + t + " = (int)(polyrl_vbytes / sizeof(" + t + ")) };");
        }
        for (const Buffer& b : p_.buffers) allocate(b, 1);
        node(hoisted_jam_guards(p_.root), 1);
        for (const Buffer& b : p_.buffers) line(1, "__builtin_free(" + b.name + "_mem);");
        out_ << p_.indent << "}";
        return out_.str();
    }

private:
    void line(int level, const std::string& text) {
        out_ << p_.indent << std::string(2 * level, ' ') << text << "\n";
    }

    void node(const Node& n, int level) {
        switch (n.kind) {
        case Node::Kind::Block:
            for (const Node& k : n.kids) node(k, level);
            return;
        case Node::Kind::If:
            line(level, "if (" + trim(n.cond) + ") {");
            node(n.kids[0], level + 1);
            if (n.has_else) {
                line(level, "} else {");
                node(n.kids[1], level + 1);
            }
            line(level, "}");
            return;
        case Node::Kind::Stmt:
            stmt(n, level);
            return;
        case Node::Kind::For:
            loop(n, level);
            return;
        }
    }

    void stmt(const Node& n, int level) {
        auto it = p_.statements.find(n.name);
        if (it == p_.statements.end())
            throw std::invalid_argument("LoopTree: stmt node names unknown statement '" + n.name + "'");
        ExprPrinter pr(n.args);
        line(level, pr.print(it->second.lhs).text + " " + it->second.op + " " + pr.print(it->second.rhs).text + ";");
    }

    static std::string step(const std::string& iter, const std::string& inc) {
        std::optional<long> k = integer_literal(inc);
        if (k && *k == 1) return iter + "++";
        if (k && *k == -1) return iter + "--";
        if (k && *k < 0) return iter + " -= " + std::to_string(-*k);
        return iter + " += " + trim(inc);
    }

    static std::string omp_pragma(const Node& n) {
        if (n.parallel && n.simd) return "#pragma omp parallel for simd";
        if (n.parallel) return "#pragma omp parallel for";
        if (n.simd) return "#pragma omp simd";
        return "";
    }

    void loop(const Node& n, int level) {
        if (!n.buffers.empty() && !n.parallel) {
            // one allocation for the whole loop, in a block of its own
            line(level, "{");
            for (const Buffer& b : n.buffers) allocate(b, level + 1);
            Node inner = n;
            inner.buffers.clear();
            loop(inner, level + 1);
            for (const Buffer& b : n.buffers) line(level + 1, "__builtin_free(" + b.name + "_mem);");
            line(level, "}");
            return;
        }
        std::optional<long> inc = integer_literal(n.inc);
        if (!n.vector.empty() && vectorized(n, level)) return;
        bool packing = !n.packs.empty() || !n.buffers.empty();  // printed only by the plain loop
        if (packing) {
            std::string omp = omp_pragma(n);
            if (!omp.empty()) line(level, omp);
            line(level, "for (int " + n.iter + " = " + trim(n.init) + "; " + trim(n.cond) + "; " +
                            step(n.iter, n.inc) + ") {");
            for (const Buffer& b : n.buffers) allocate(b, level + 1);
            for (const Pack& p : n.packs) copy(p, level + 1);
            node(n.kids[0], level + 1);
            for (const Buffer& b : n.buffers) line(level + 1, "__builtin_free(" + b.name + "_mem);");
            line(level, "}");
            return;
        }
        if (n.jam > 1 && n.upper && inc && *inc > 0) {
            jammed(n, level, *inc);
            return;
        }
        std::string omp = omp_pragma(n);
        if (n.unroll > 1 && n.unroll_copies && n.upper && inc && *inc > 0) {
            if (omp.empty()) unrolled(n, level, *inc);
            else unrolled_omp(n, level, *inc, omp);
            return;
        }
        if (!omp.empty()) line(level, omp);
        // GCC accepts no other pragma between an OpenMP loop pragma and its loop, so an
        // OpenMP loop without a known upper bound keeps its parallelism and is not unrolled.
        // The compiler unrolls the loops without copies (unroll_copies false, or no bound).
        else if (n.unroll > 1 || n.jam > 1)
            line(level, "#pragma GCC unroll " + std::to_string(std::max(n.unroll, n.jam)));
        line(level, "for (int " + n.iter + " = " + trim(n.init) + "; " + trim(n.cond) + "; " +
                        step(n.iter, n.inc) + ") {");
        node(n.kids[0], level + 1);
        line(level, "}");
    }

    // An innermost loop as explicit vector code, when its body allows it (else false, and
    // nothing printed): chunks of polyrl_lanes_T iterations, then a scalar remainder.
    // Every statement runs on a whole chunk before the next one starts, which the loop
    // carrying no dependence allows (checked by polyrl.poly.legality). Registers:
    // - an array no statement of the body writes: its chunk-invariant elements are read
    //   once before the loop, its unit-stride chunks once per chunk;
    // - a written array is read from memory where a statement reads it, except that the
    //   chunk a statement writes stays in a register while the next statements update
    //   the same reference and touch that array nowhere else; it is stored after that.
    // Loads and stores go through __builtin_memcpy: nothing is assumed aligned.
    bool vectorized(const Node& n, int level) {
        std::optional<long> inc = integer_literal(n.inc);
        if (n.parallel || !n.upper || !inc || *inc != 1 || n.unroll != 1 || n.jam != 1 || !n.packs.empty() ||
            !n.buffers.empty())
            return false;
        std::vector<Node> body;
        if (!straight_line(n.kids[0], body)) return false;
        const std::string& c = n.iter;
        const std::string vt = "polyrl_v_" + n.vector, lanes = "polyrl_lanes_" + n.vector;
        std::set<std::string> written;
        for (const Node& st : body) {
            const StmtDef& def = p_.statements.at(st.name);
            if (def.lhs.kind != Expr::Kind::Array || !vector_arithmetic(def.rhs)) return false;
            written.insert(def.lhs.text);
        }
        auto ref_text = [](const std::string& name, const std::vector<std::string>& idx) {
            std::string s = name;
            for (const std::string& i : idx) s += "[" + i + "]";
            return s;
        };
        // how a reference walks the loop: 0 invariant, 1 unit stride in its last subscript
        auto stride = [&](const std::vector<std::string>& idx) -> std::optional<int> {
            for (size_t d = 0; d + 1 < idx.size(); ++d)
                if (mentions(idx[d], c)) return std::nullopt;
            if (idx.empty() || !mentions(idx.back(), c)) return 0;
            std::optional<long> k = coefficient(idx.back(), c);
            if (!k || (*k != 0 && *k != 1)) return std::nullopt;
            return static_cast<int>(*k);
        };
        std::vector<std::string> hoisted, lines;
        std::map<std::string, std::string> invariant, chunk;  // reference text -> variable
        int fresh = 0;
        bool ok = true;
        std::string pending, pending_var, pending_array;  // the register of the last written chunk
        auto store_pending = [&]() {
            if (pending.empty()) return;
            lines.push_back("__builtin_memcpy(&" + pending + ", &" + pending_var + ", sizeof " + pending_var + ");");
            pending.clear();
        };
        for (const Node& st : body) {
            const StmtDef& def = p_.statements.at(st.name);
            // the written reference, printed as the scalar code would
            std::vector<std::string> lidx;
            ExprPrinter plain(st.args);
            for (const Expr& i : def.lhs.kids) lidx.push_back(plain.print(i).text);
            std::string lhs = ref_text(def.lhs.text, lidx);
            if (stride(lidx) != std::optional<int>(1)) return false;
            bool reuse = lhs == pending;
            bool uses_vector = false;
            RefHook hook = [&](const std::string& name, const std::vector<std::string>& idx) -> std::optional<std::string> {
                std::optional<int> k = stride(idx);
                if (!k) {
                    ok = false;
                    return std::nullopt;
                }
                std::string text = ref_text(name, idx);
                if (*k == 0) {
                    if (written.count(name)) return std::nullopt;  // read where it stands
                    auto [it, added] = invariant.emplace(text, "polyrl_s" + std::to_string(fresh));
                    if (added) hoisted.push_back("const " + n.vector + " polyrl_s" + std::to_string(fresh++) + " = " + text + ";");
                    return it->second;
                }
                uses_vector = true;
                if (reuse && text == pending) return pending_var;
                if (!written.count(name)) {
                    auto it = chunk.find(text);
                    if (it != chunk.end()) return it->second;
                    std::string v = "polyrl_v" + std::to_string(fresh++);
                    chunk.emplace(text, v);
                    lines.push_back(vt + " " + v + ";");
                    lines.push_back("__builtin_memcpy(&" + v + ", &" + text + ", sizeof " + v + ");");
                    return v;
                }
                std::string v = "polyrl_v" + std::to_string(fresh++);
                lines.push_back(vt + " " + v + ";");
                lines.push_back("__builtin_memcpy(&" + v + ", &" + text + ", sizeof " + v + ");");
                return v;
            };
            // decide on the register before the loads this statement needs are written
            {
                ExprPrinter probe(st.args, [&](const std::string& name, const std::vector<std::string>& idx)
                                               -> std::optional<std::string> {
                    if (name == pending_array && ref_text(name, idx) != pending) reuse = false;
                    return std::nullopt;
                });
                probe.print(def.rhs);
                if (!reuse) store_pending();
            }
            ExprPrinter pr(st.args, hook);
            std::string rhs = pr.print(def.rhs).text;
            if (!ok) return false;
            if (lhs != pending) {
                pending = lhs;
                pending_var = "polyrl_v" + std::to_string(fresh++);
                pending_array = def.lhs.text;
                lines.push_back(vt + " " + pending_var + ";");
                if (def.op != "=")
                    lines.push_back("__builtin_memcpy(&" + pending_var + ", &" + lhs + ", sizeof " + pending_var + ");");
            }
            // a right-hand side without vectors is a scalar: x - (vector){0} broadcasts it
            // exactly (-0.0 stays -0.0, unlike + 0.0)
            if (def.op == "=" && !uses_vector) rhs = "(" + rhs + ") - (" + vt + "){0}";
            lines.push_back(pending_var + " " + def.op + " " + rhs + ";");
        }
        store_pending();
        std::string upper = paren(trim(n.upper.value()));
        line(level, "{");
        line(level + 1, "int " + c + " = " + trim(n.init) + ";");
        line(level + 1, "if (" + c + " + " + lanes + " - 1 <= " + upper + ") {");
        for (const std::string& h : hoisted) line(level + 2, h);
        line(level + 2, "for (; " + c + " + " + lanes + " - 1 <= " + upper + "; " + c + " += " + lanes + ") {");
        for (const std::string& l : lines) line(level + 3, l);
        line(level + 2, "}");
        line(level + 1, "}");
        line(level + 1, "for (; " + c + " <= " + upper + "; " + c + "++) {");
        node(n.kids[0], level + 2);
        line(level + 1, "}");
        line(level, "}");
        return true;
    }

    // `ctype (*restrict name)[e1]...[en]` pointing into 64-byte aligned heap memory
    // (__builtin_malloc/__builtin_free: the region may not include <stdlib.h>).
    void allocate(const Buffer& b, int level) {
        std::string rows;
        for (size_t d = 1; d < b.extent.size(); ++d) rows += "[" + trim(b.extent[d]) + "]";
        std::string bytes = "sizeof(" + b.ctype + ")";
        for (const std::string& e : b.extent) bytes += " * " + paren(trim(e));
        std::string ptr = rows.empty() ? b.ctype + " *" : b.ctype + " (*)" + rows;
        std::string decl = rows.empty() ? b.ctype + " *restrict " + b.name : b.ctype + " (*restrict " + b.name + ")" + rows;
        line(level, "char *" + b.name + "_mem = (char *)__builtin_malloc(" + bytes + " + 64);");
        line(level, "if (!" + b.name + "_mem) __builtin_trap();");
        line(level, decl + " = (" + ptr + ")(" + b.name + "_mem + (64 - (__UINTPTR_TYPE__)" + b.name + "_mem % 64));");
    }

    // The copy of a packed box at the start of an iteration: the origin of the box as
    // `<buffer>_lo<d>` (the statements index the buffer relative to it), then one loop
    // per dimension, the last one contiguous in both the array and the buffer.
    void copy(const Pack& p, int level) {
        size_t n = p.lower.size();
        auto lo = [&](size_t d) { return p.buffer + "_lo" + std::to_string(d); };
        auto it = [&](size_t d) { return p.buffer + "_i" + std::to_string(d); };
        for (size_t d = 0; d < n; ++d) line(level, "const int " + lo(d) + " = " + trim(p.lower[d]) + ";");
        std::string dst = p.buffer, src = p.array;
        for (size_t d = 0; d < n; ++d) {
            line(level + static_cast<int>(d), "for (int " + it(d) + " = " + lo(d) + "; " + it(d) + " <= " +
                                                  paren(trim(p.upper[d])) + "; " + it(d) + "++) {");
            size_t b = p.transposed && d + 2 >= n ? 2 * n - 3 - d : d;  // buffer dimension d holds array dimension b
            dst += "[" + it(b) + " - " + lo(b) + "]";
            src += "[" + it(d) + "]";
        }
        line(level + static_cast<int>(n), dst + " = " + src + ";");
        for (size_t d = n; d-- > 0;) line(level + static_cast<int>(d), "}");
    }

    // A jammed loop, fully unrolled in place: copy k runs the body at init + k*s, under
    // `if (init + k*s <= upper)` unless the copies are known to be all in bounds.
    //
    // The else branch of a hoisted guard (settled, not full: the partial tiles at the
    // edges) is a real loop instead, kept rolled (see NO_UNROLL). gcc 12.2 -O3 if-converts
    // guarded copies and then vectorizes the loop around them across the dependence that
    // one copy carries to the next iteration's neighbour copy, which it miscompiles (a
    // 3-D in-place stencil, interchanged and jammed by 4: tests/test_emitter.py,
    // test_partial_jam_tiles_are_a_rolled_loop). Those tiles run rarely, so the loop costs
    // nothing that matters; the full tiles keep their copies.
    void jammed(const Node& n, int level, long inc) {
        if (n.jam_settled && !n.jam_full) {
            line(level, "{");
            std::string hi = hoisted_bound(n, level + 1);  // at most `jam` iterations: the node's promise
            rolled_loop(n, level + 1, "int " + n.iter + " = " + trim(n.init), hi);
            line(level, "}");
            return;
        }
        std::string upper = paren(trim(n.upper.value()));
        for (long k = 0; k < n.jam; ++k) {
            std::string value = k == 0 ? paren(trim(n.init)) : "(" + trim(n.init) + " + " + std::to_string(k * inc) + ")";
            Node body = substituted(n.kids[0], n.iter, value);
            if (n.jam_full) {
                node(body, level);
                continue;
            }
            line(level, "if (" + value + " <= " + upper + ") {");
            node(body, level + 1);
            line(level, "}");
        }
    }

    // The U copies of the body of an unrolled loop at `c`, `(c + s)`, ..., `(c + (U-1)*s)`.
    void unrolled_body(const Node& n, int level, long inc) {
        for (long k = 0; k < n.unroll; ++k) {
            if (k == 0) node(n.kids[0], level);
            else node(substituted(n.kids[0], n.iter, "(" + n.iter + " + " + std::to_string(k * inc) + ")"), level);
        }
    }

    // The loops of an explicit unrolling are not unrolled again by the compiler: the
    // factor is the schedule's. It also keeps gcc 12.2 -O3 from completely unrolling a
    // short remainder or main loop and then vectorizing the loop around it across a
    // dependence, which it miscompiles (a 3-D in-place stencil whose innermost loop was
    // unrolled by 4: tests/test_emitter.py, test_explicit_unrolling_is_final). gcc attaches
    // the pragma only to a loop whose condition is a plain comparison ("ignoring loop
    // annotation" otherwise, e.g. with polyrl_min's conditional), so the bound is hoisted
    // into a constant first.
    static constexpr const char* NO_UNROLL = "#pragma GCC unroll 1";

    // `const int polyrl_hi_<iter> = upper;` (the bound, hoisted: see NO_UNROLL); its name.
    std::string hoisted_bound(const Node& n, int level) {
        std::string hi = "polyrl_hi_" + n.iter;
        line(level, "const int " + hi + " = " + trim(n.upper.value()) + ";");
        return hi;
    }

    // #pragma GCC unroll 1
    // for (<start>; c <= hi; c += s) { body(c) }   (start: the loop's first clause, maybe empty)
    void rolled_loop(const Node& n, int level, const std::string& start, const std::string& hi) {
        line(level, NO_UNROLL);
        line(level, "for (" + start + "; " + n.iter + " <= " + hi + "; " + step(n.iter, n.inc) + ") {");
        node(n.kids[0], level + 1);
        line(level, "}");
    }

    // for (<decl>c = init; c <= hi - (U-1)*s; c += U*s) { body(c) body(c + s) ... }
    void unrolled_main(const Node& n, int level, long inc, const std::string& decl, const std::string& hi) {
        const std::string& c = n.iter;
        line(level, "for (" + decl + c + " = " + trim(n.init) + "; " + c + " <= " + hi + " - " +
                        std::to_string((n.unroll - 1) * inc) + "; " + c + " += " + std::to_string(n.unroll * inc) +
                        ") {");
        unrolled_body(n, level + 1, inc);
        line(level, "}");
    }

    // { int c; for (c = init; c <= (upper) - (U-1)*s; c += U*s) { body(c) body(c + s) ... }
    //   for (; c <= (upper); c += s) { body(c) } }
    void unrolled(const Node& n, int level, long inc) {
        const std::string& c = n.iter;
        line(level, "{");
        line(level + 1, "int " + c + ";");
        std::string hi = hoisted_bound(n, level + 1);
        line(level + 1, NO_UNROLL);
        unrolled_main(n, level + 1, inc, "", hi);
        rolled_loop(n, level + 1, "", hi);
        line(level, "}");
    }

    // An OpenMP loop leaves its iterator undefined afterwards (and lastprivate leaves it
    // untouched when there is no iteration), so the remainder loop starts at the computed
    // first unhandled value init + U*s * (trip / U), trip = max(upper - init + s, 0) / s.
    void unrolled_omp(const Node& n, int level, long inc, const std::string& omp) {
        const std::string& c = n.iter;
        line(level, "{");
        std::string hi = hoisted_bound(n, level + 1);
        std::string init = paren(trim(n.init)), s = std::to_string(inc), u = std::to_string(n.unroll);
        std::string trip = "polyrl_max(" + hi + " - " + init + " + " + s + ", 0)" + (inc == 1 ? "" : " / " + s);
        line(level + 1, omp);
        unrolled_main(n, level + 1, inc, "int ", hi);
        rolled_loop(n, level + 1, "int " + c + " = " + init + " + " + std::to_string(n.unroll * inc) + " * ((" + trip +
                                      ") / " + u + ")", hi);
        line(level, "}");
    }

    const Program& p_;
    std::ostringstream out_;
};

}  // namespace

bool is_identifier(const std::string& s) {
    if (s.empty() || !is_ident_start(s[0])) return false;
    for (char c : s)
        if (!is_ident_char(c)) return false;
    return true;
}

bool is_c_expression(const std::string& s) {
    if (trim(s).empty()) return false;
    int round = 0, square = 0;
    for (char c : s) {
        if (c == ';' || c == '{' || c == '}' || c == '"' || c == '\'' || c == '\n' || c == '#') return false;
        if (c == '(') ++round;
        if (c == ')' && --round < 0) return false;
        if (c == '[') ++square;
        if (c == ']' && --square < 0) return false;
    }
    return round == 0 && square == 0;
}

std::string substitute_identifier(const std::string& text, const std::string& name,
                                  const std::string& replacement) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '.' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
            // A number, with its suffixes and exponent (1e-5, 0x1fUL): never an identifier.
            bool hex = c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X');
            size_t j = i + 1;
            while (j < text.size()) {
                char d = text[j], prev = static_cast<char>(std::tolower(static_cast<unsigned char>(text[j - 1])));
                if (is_ident_char(d) || d == '.') ++j;
                else if ((d == '+' || d == '-') && prev == (hex ? 'p' : 'e')) ++j;
                else break;
            }
            out.append(text, i, j - i);
            i = j;
        } else if (is_ident_start(c)) {
            size_t j = i + 1;
            while (j < text.size() && is_ident_char(text[j])) ++j;
            if (text.compare(i, j - i, name) == 0 && j - i == name.size()) out += replacement;
            else out.append(text, i, j - i);
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

std::string emit_region(const Program& program) { return Emitter(program).run(); }

}  // namespace polyrl
