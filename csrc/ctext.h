// C text: the small parsing and quoting of C expression strings that both the rewriting
// pass and the printer need, and the printer of statement expressions.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "looptree.h"

namespace polyrl {

std::string trim(const std::string& s);
bool is_identifier(const std::string& s);
// True when `s` is one parenthesised group "( ... )" as a whole.
bool is_fully_parenthesized(const std::string& s);
// A C expression string that can stand as an operand of any operator as it is: a name,
// a number, "( ... )", or a call "f( ... )".
bool is_atomic(const std::string& s);
// `s`, parenthesised unless atomic.
std::string paren(const std::string& s);
// `s`, parenthesised where an operator outside any parentheses binds more loosely than
// + and - (a conditional, a comparison, a logical or bitwise one): as written, the text
// can stand as the left operand of + or - and on either side of a comparison
// (`(c ? a : b) + 1`, never `c ? a : b + 1`).
std::string additive(const std::string& s);
// `text` with every whole identifier `name` replaced (numbers and longer names are kept).
std::string substitute_identifier(const std::string& text, const std::string& name, const std::string& replacement);
bool mentions(const std::string& text, const std::string& name);
// "4", "+4", "-2", "(4)" as an integer; nullopt when not a plain literal.
std::optional<long> integer_literal(const std::string& text);
// `name[i0][i1]...`
std::string reference_text(const std::string& name, const std::vector<std::string>& indices);

struct Printed {
    std::string text;
    int prec;  // binding strength of its outermost operator, higher binds tighter
};

// Replaces an array reference (name, printed subscripts) by another text, or leaves it.
using RefHook = std::function<std::optional<std::string>(const std::string&, const std::vector<std::string>&)>;

// Prints a statement expression for one statement node: `["iter", k]` is `args[k]`.
// Parenthesises minimally but safely, and where gcc -Wparentheses would ask for it.
class ExprPrinter {
public:
    explicit ExprPrinter(const std::vector<std::string>& args, RefHook hook = nullptr)
        : args_(args), hook_(std::move(hook)) {}
    Printed print(const Expr& e) const;

private:
    const std::vector<std::string>& args_;
    RefHook hook_;
};

}  // namespace polyrl
