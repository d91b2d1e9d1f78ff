// C text helpers and the statement expression printer (see ctext.h).
#include "ctext.h"

#include <cctype>
#include <stdexcept>
#include <utility>

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

}  // namespace

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

bool is_identifier(const std::string& s) {
    if (s.empty() || !is_ident_start(s[0])) return false;
    for (char c : s)
        if (!is_ident_char(c)) return false;
    return true;
}

bool is_fully_parenthesized(const std::string& s) {
    if (s.size() < 2 || s.front() != '(' || s.back() != ')') return false;
    int depth = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        else if (s[i] == ')' && --depth == 0 && i + 1 != s.size()) return false;
    }
    return depth == 0;
}

bool is_atomic(const std::string& s) {
    if (is_identifier(s) || is_unsigned_number(s) || is_fully_parenthesized(s)) return true;
    size_t open = s.find('(');
    return open != std::string::npos && is_identifier(s.substr(0, open)) && is_fully_parenthesized(s.substr(open));
}

std::string paren(const std::string& s) { return is_atomic(s) ? s : "(" + s + ")"; }

std::string additive(const std::string& s) {
    int depth = 0;
    for (char c : s) {
        if (c == '(' || c == '[') ++depth;
        else if (c == ')' || c == ']') --depth;
        else if (depth == 0 && std::string("?:<>=!&|^,").find(c) != std::string::npos) return "(" + s + ")";
    }
    return s;
}

std::string substitute_identifier(const std::string& text, const std::string& name, const std::string& replacement) {
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

bool mentions(const std::string& text, const std::string& name) {
    return substitute_identifier(text, name, "") != text;
}

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

std::string reference_text(const std::string& name, const std::vector<std::string>& indices) {
    std::string s = name;
    for (const std::string& i : indices) s += "[" + i + "]";
    return s;
}

Printed ExprPrinter::print(const Expr& e) const {
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
        return {reference_text(e.text, idx), kPrimary};
    }
    case K::Call: {
        std::string s = e.text + "(";
        for (size_t i = 0; i < e.kids.size(); ++i) s += (i ? ", " : "") + print(e.kids[i]).text;
        return {s + ")", kPrimary};
    }
    case K::Cast: {
        std::string inner = print(e.kids[0]).text;
        return {"(" + e.text + ")" + (is_fully_parenthesized(inner) ? inner : "(" + inner + ")"), kUnary};
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
        return {(wl ? "(" + l.text + ")" : l.text) + " " + e.text + " " + (wr ? "(" + r.text + ")" : r.text), p};
    }
    case K::Select: {
        Printed c = print(e.kids[0]), t = print(e.kids[1]), o = print(e.kids[2]);
        auto wrap = [](const Printed& x) { return x.prec <= kSelect ? "(" + x.text + ")" : x.text; };
        return {wrap(c) + " ? " + wrap(t) + " : " + wrap(o), kSelect};
    }
    }
    throw std::logic_error("unreachable");
}

}  // namespace polyrl
