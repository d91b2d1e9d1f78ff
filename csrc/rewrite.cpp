// Rewriting a LoopTree for printing (rewrite.h): hoisting unroll-and-jam guards, copying
// bodies for jammed and unrolled loops (the loop iterator substituted in the C text),
// and deciding which innermost loops become vector code from the strides of their
// references, read off the C text of the subscripts.
#include "rewrite.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "ctext.h"

namespace polyrl {

namespace {

// The body of an explicitly unrolled or jammed loop, copied with `iter` replaced by an
// expression.
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

// The value a jammed loop's k-th copy gives its iterator: `(init)`, `(init + k*step)`.
std::string copy_value(const std::string& init, long k, long step) {
    return k == 0 ? paren(trim(init)) : "(" + additive(trim(init)) + " + " + std::to_string(k * step) + ")";
}

// The arguments of `text` when it is, as a whole, one call of `fn`: "fn(a, b)" gives {a, b};
// empty otherwise.
std::vector<std::string> call_args(const std::string& text, const std::string& fn) {
    std::string t = trim(text);
    if (t.rfind(fn + "(", 0) != 0) return {};
    std::vector<std::string> args;
    std::string cur;
    int depth = 0;
    for (size_t i = fn.size(); i < t.size(); ++i) {
        char c = t[i];
        if (c == '(' && depth++ == 0) continue;
        if (c == ')' && --depth == 0) {
            if (i + 1 != t.size()) return {};  // "fn(a) + 1": not one call
            args.push_back(trim(cur));
            return args;
        }
        if (c == ',' && depth == 1) {
            args.push_back(trim(cur));
            cur.clear();
            continue;
        }
        cur += c;
    }
    return {};
}

// A jammed loop of step 1 that runs one register block [X, X + jam - 1] of a strip-mined
// loop, with further bounds that name loops inside the block's loop: lower bounds Y (init
// `polyrl_max(X, Y...)`: a triangular band whose jammed loop went below the loop that
// bounds it, syrk's i >= j once i is jammed inside the vector loop of j) or upper bounds Z
// (an upper bound `polyrl_min(X + (jam - 1), Z...)`: covariance's i <= j), the upper bound
// `X + (jam - 1)` or a polyrl_min of it. Its copies can take the block's own values X + k,
// each under `Y <= X + k` and `X + k <= Z`, instead of init + k: the same iterations in
// the same order, but copy k's subscripts no longer move with the vector loop through Y
// (with init + k they did, and every reference of the copies became a gather). nullopt
// when the loop is not of that form.
struct JamBase {
    std::string base;                // X
    std::vector<std::string> lower;  // the Ys
    std::vector<std::string> upper;  // the upper bounds besides X + (jam - 1)
};

std::optional<JamBase> jam_base(const Node& n) {
    if (n.jam < 2 || !n.upper || integer_literal(n.inc) != std::optional<long>(1)) return std::nullopt;
    std::vector<std::string> lows = call_args(n.init, "polyrl_max");
    if (lows.empty()) lows.push_back(trim(n.init));
    std::vector<std::string> highs = call_args(*n.upper, "polyrl_min");
    if (highs.empty()) highs.push_back(trim(*n.upper));
    for (size_t i = 0; i < lows.size(); ++i) {
        std::string top = lows[i] + " + " + std::to_string(n.jam - 1);
        auto at = std::find(highs.begin(), highs.end(), top);
        if (at == highs.end()) continue;
        JamBase b{lows[i], {}, {}};
        for (size_t j = 0; j < lows.size(); ++j)
            if (j != i) b.lower.push_back(lows[j]);
        for (auto h = highs.begin(); h != highs.end(); ++h)
            if (h != at) b.upper.push_back(*h);
        if (b.lower.empty() && b.upper.empty()) return std::nullopt;  // a plain block: the full-tile test settles it
        return b;
    }
    return std::nullopt;
}

std::optional<long> coefficient(const std::string& text, const std::string& iter);

// In a full tile whose one based jammed loop (jam_base; at `depth` in the jammed chain
// below `loop`) is bounded by `loop`'s iterator alone, `loop` is split where every copy
// runs: below the block's base X where the iterator bounds the jammed loop below (syrk's
// i >= j, j the vector loop), from X + (jam - 1) on where it bounds it above
// (covariance's i <= j). That part runs every copy, unguarded straight-line code that can
// become vector code; the other keeps the copies' guards. The same iterations in the same
// order. False where it does not apply.
bool split_at_base(Node& loop, int depth) {
    if (loop.kind != Node::Kind::For || loop.parallel || !loop.upper || integer_literal(loop.inc) != std::optional<long>(1) ||
        !loop.packs.empty() || !loop.buffers.empty())
        return false;  // (a loop that packs or allocates is left whole: its copies would be made twice)
    auto jammed = [depth](Node& top) {
        Node* m = &single(top.kids[0]);
        for (int d = 0; d < depth; ++d) m = &single(m->kids[0]);
        return m;
    };
    Node* block_loop = jammed(loop);
    std::optional<JamBase> b = jam_base(*block_loop);
    if (!b) return false;
    bool below = !block_loop->based_above && b->lower.size() == 1 && b->lower[0] == loop.iter;
    // above: the one upper bound Z is the iterator plus a term Z0 that no loop between them
    // moves (correlation's i <= j - 1): every copy runs from X + (jam - 1) - Z0 on
    bool above = block_loop->based_above && coefficient(b->upper[0], loop.iter) == std::optional<long>(1);
    std::string shift;  // " - (Z0)", empty where Z is the iterator itself
    if (above && trim(b->upper[0]) != loop.iter) {
        std::string z0 = substitute_identifier(b->upper[0], loop.iter, "0");
        for (Node* m = &single(loop.kids[0]); above && m != block_loop; m = &single(m->kids[0]))
            above = !mentions(z0, m->iter);
        z0 = trim(z0);
        std::optional<long> n = z0.size() > 4 ? integer_literal(z0.substr(4)) : std::nullopt;
        if (n && z0.rfind("0 - ", 0) == 0) shift = " + " + std::to_string(*n);  // Z = iterator - n
        else if (n && z0.rfind("0 + ", 0) == 0) shift = " - " + std::to_string(*n);
        else shift = " - (" + z0 + ")";
    }
    if (!below && !above) return false;
    Node head = loop, tail = loop;
    std::string last = below ? b->base : additive(b->base) + " + " + std::to_string(block_loop->jam - 2) + shift;
    head.upper = "polyrl_min(" + trim(*loop.upper) + ", " + last + ")";
    head.cond = loop.iter + " <= " + *head.upper;
    tail.init = "polyrl_max(" + trim(loop.init) + ", " + last + " + 1)";
    jammed(below ? head : tail)->based_clear = true;
    Node block;
    block.kind = Node::Kind::Block;
    block.kids = {std::move(head), std::move(tail)};
    loop = std::move(block);
    return true;
}

// Unroll-and-jam guards, hoisted: where a chain of loops (each the only child of the
// one before) ends in jammed loops whose full-tile condition `init + (f-1)*inc <= upper`
// uses none of the chain's iterators, the chain becomes
//   if (full) { chain with unguarded copies } else { chain with guarded copies },
// so the innermost loop of a full tile holds straight-line code that it can vectorize.
// Each jammed loop is settled once (outermost place first); the rest are tried deeper.
// A jammed loop whose init names the chain's iterators but which runs one register block
// (jam_base) is settled too, through the block's base: its copies in the full tile are
// guarded by their other lower bounds only (`based`).
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
        std::vector<int> based;   // ... of those settled through their block's base (jam_base)
        int above = -1;           // ... of the one bounded above by `plain` (based_above)
        struct Outer {  // a jammed loop settled here: in a full tile its copies take these values
            std::string iter;
            std::vector<std::string> values;
        };
        std::vector<Outer> outer;
        const std::string plain = iters.back();  // the chain's innermost loop that is not jammed
        for (int depth = 0; c->kind == Node::Kind::For && c->jam > 1; ++depth, c = &single(c->kids[0])) {
            std::optional<long> inc = integer_literal(c->inc);
            bool ok = c->tile == Tile::Unknown && c->upper && inc && *inc > 0;
            for (const std::string& it : iters) ok = ok && !mentions(c->init, it) && !mentions(*c->upper, it);
            // A bound that names one jammed loop settled here (a triangular band: the inner
            // point loop starts after the outer one's iterator) is full in every copy of that
            // loop where it is full with the iterator replaced by each copy's value (the values
            // the full tile's copies are written with: copy_value).
            const Outer* by = nullptr;
            for (const Outer& o : outer)
                if (mentions(c->init, o.iter) || mentions(*c->upper, o.iter)) {
                    if (by != nullptr) ok = false;  // two of them: left guarded
                    by = &o;
                }
            // (by == nullptr: its bounds name no jammed loop settled here)
            if (!ok && by == nullptr && c->tile == Tile::Unknown) {
                std::optional<JamBase> base = jam_base(*c);
                bool free = base.has_value();
                for (const std::string& it : iters) free = free && !mentions(base->base, it);
                // an upper bound that names the chain's loops (covariance's i <= j, j the vector
                // loop) is settled only where it is the only one, the chain's innermost plain loop
                // plus a term, and that loop can be split at the block (split_at_base): the only
                // place where the copies can run unguarded. Elsewhere the loop stays as it was.
                bool moving = free && std::any_of(base->upper.begin(), base->upper.end(), [&](const std::string& h) {
                    return std::any_of(iters.begin(), iters.end(), [&](const std::string& it) { return mentions(h, it); });
                });
                if (moving)
                    free = base->upper.size() == 1 && base->lower.empty() && based.empty() &&
                           coefficient(base->upper[0], plain) == std::optional<long>(1);
                if (free) {
                    if (moving)
                        above = depth;  // none of its bounds is settled here: the split settles them
                    else
                        conds.push_back(additive(base->base) + " + " + std::to_string(c->jam - 1) + " <= " + additive(trim(*c->upper)));
                    chosen.push_back(depth);
                    based.push_back(depth);
                    std::vector<std::string> values;
                    for (long k = 0; k < c->jam; ++k) values.push_back(copy_value(base->base, k, 1));
                    outer.push_back({c->iter, std::move(values)});
                    continue;
                }
            }
            if (ok) {
                std::string full = additive(trim(c->init)) + " + " + std::to_string((c->jam - 1) * *inc) + " <= " + additive(trim(*c->upper));
                if (by == nullptr) {
                    conds.push_back(full);
                } else {
                    for (const std::string& v : by->values) conds.push_back(substitute_identifier(full, by->iter, v));
                }
                chosen.push_back(depth);
            }
            if (ok && by == nullptr) {  // its copies' values name no other jammed loop's iterator
                std::vector<std::string> values;
                for (long k = 0; k < c->jam; ++k) values.push_back(copy_value(c->init, k, *inc));
                outer.push_back({c->iter, std::move(values)});
            } else {
                iters.push_back(c->iter);
            }
        }
        if (!chosen.empty()) {
            auto settle = [&](Tile tile) {
                Node copy = n;
                Node* m = &copy;
                Node* last = m;  // the chain's innermost loop (n itself is one)
                while (m->kind == Node::Kind::For && m->jam == 1) {
                    last = m;
                    m = &single(m->kids[0]);
                }
                for (int depth = 0; m->kind == Node::Kind::For && m->jam > 1; ++depth, m = &single(m->kids[0]))
                    if (std::find(chosen.begin(), chosen.end(), depth) != chosen.end()) {
                        m->tile = tile;
                        m->based = std::find(based.begin(), based.end(), depth) != based.end();
                        m->based_above = depth == above;
                    }
                if (tile == Tile::Full && based.size() == 1) split_at_base(*last, based[0]);
                for (Node& k : copy.kids) k = hoisted_jam_guards(k);
                return copy;
            };
            if (conds.empty()) return settle(Tile::Full);  // based loops whose every bound stays per copy
            Node guard;
            guard.kind = Node::Kind::If;
            guard.cond = conds[0];
            for (size_t k = 1; k < conds.size(); ++k) guard.cond += " && " + conds[k];
            guard.kids = {settle(Tile::Full), settle(Tile::Partial)};
            guard.has_else = true;
            return guard;
        }
    }
    Node m = n;
    for (Node& k : m.kids) k = hoisted_jam_guards(k);
    return m;
}

// The statements of a settled loop body as straight-line code: blocks flattened, jammed
// loops of a full tile replaced by their copies; false when anything else (a guard, a
// loop) is in it.
bool straight_line(const Node& n, std::vector<Node>& out) {
    switch (n.kind) {
    case Node::Kind::Block:
        for (const Node& k : n.kids)
            if (!straight_line(k, out)) return false;
        return true;
    case Node::Kind::Stmt:
        out.push_back(n);
        return true;
    case Node::Kind::For:
        if (n.form != Form::Jammed || n.tile != Tile::Full || !n.packs.empty() || !n.buffers.empty()) return false;
        for (const Node& k : n.copies)
            if (!straight_line(k, out)) return false;
        return true;
    case Node::Kind::If:
        return false;
    }
    return false;
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
            bool operand_end = std::isalnum(static_cast<unsigned char>(prev)) || prev == '_' || prev == ')' || prev == '.';
            if (operand_end) {  // a binary operator
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

// How a reference with these printed subscripts walks the loop of `iter`: 0 invariant,
// 1 unit stride in its last subscript; nullopt for anything else.
std::optional<int> stride(const std::vector<std::string>& idx, const std::string& iter) {
    for (size_t d = 0; d + 1 < idx.size(); ++d)
        if (mentions(idx[d], iter)) return std::nullopt;
    if (idx.empty() || !mentions(idx.back(), iter)) return 0;
    std::optional<long> k = coefficient(idx.back(), iter);
    if (!k || (*k != 0 && *k != 1)) return std::nullopt;
    return static_cast<int>(*k);
}

bool has_array(const Expr& e) {
    return e.kind == Expr::Kind::Array || std::any_of(e.kids.begin(), e.kids.end(), has_array);
}

// Whether the settled loop `n` (its `vector` set) can be written as vector code, and if
// so its straight-line statements and the strides of their references, into `n`: a
// sequential innermost loop of step 1 with a known bound, whose statements run in
// straight-line order, each one that can be evaluated on vectors (StmtDef::vector), writing
// a unit-stride element and reading invariant or unit-stride ones (subscripts holding no
// array reference).
bool plan_vector(Node& n, const Program& p) {
    if (n.parallel || !n.upper || !n.step || *n.step != 1 || n.unroll != 1 || n.jam != 1 || !n.packs.empty())
        return false;
    std::vector<Node> body;
    if (!straight_line(n.kids[0], body)) return false;
    std::map<std::string, int> strides;
    for (const Node& st : body) {
        const StmtDef& def = p.statements.at(st.name);
        if (!def.vector || def.lhs.kind != Expr::Kind::Array) return false;
        bool ok = true;
        auto record = [&](const Expr& ref, const std::vector<std::string>& idx) {
            std::optional<int> k = stride(idx, n.iter);
            ok = ok && k && std::none_of(ref.kids.begin(), ref.kids.end(), has_array);
            if (k) strides[reference_text(ref.text, idx)] = *k;
        };
        ExprPrinter plain(st.args);
        std::vector<std::string> lidx;
        for (const Expr& i : def.lhs.kids) lidx.push_back(plain.print(i).text);
        if (stride(lidx, n.iter) != std::optional<int>(1)) return false;
        record(def.lhs, lidx);
        // every array reference of the right-hand side, as the printer will see it
        std::vector<const Expr*> refs;
        std::vector<const Expr*> todo = {&def.rhs};
        while (!todo.empty()) {
            const Expr* e = todo.back();
            todo.pop_back();
            if (e->kind == Expr::Kind::Array) refs.push_back(e);
            for (const Expr& k : e->kids) todo.push_back(&k);
        }
        for (const Expr* ref : refs) {
            std::vector<std::string> idx;
            for (const Expr& i : ref->kids) idx.push_back(plain.print(i).text);
            record(*ref, idx);
        }
        if (!ok) return false;
    }
    n.straight = std::move(body);
    n.strides = std::move(strides);
    return true;
}

// The tree below `n` settled for printing (see Form), top-down as the printer walks it:
// a loop's copies are made from its body as the hoisting left it, then settled.
Node settled(const Node& n, const Program& p) {
    Node m = n;
    for (Node& k : m.kids) k = settled(k, p);
    if (n.kind != Node::Kind::For) return m;
    m.step = integer_literal(n.inc);
    m.wraps_buffers = !n.buffers.empty() && !n.parallel;
    bool steps_up = n.upper && m.step && *m.step > 0;
    if (!n.vector.empty() && plan_vector(m, p)) {
        m.form = Form::Vector;
    } else if (!n.packs.empty() || (!n.buffers.empty() && !m.wraps_buffers)) {
        m.form = Form::Packing;
    } else if (n.jam > 1 && steps_up && n.tile == Tile::Partial) {
        m.form = Form::JamPartial;
    } else if (n.jam > 1 && steps_up) {
        m.form = Form::Jammed;
        std::string upper = paren(trim(*n.upper));
        std::optional<JamBase> base = n.based ? jam_base(n) : std::nullopt;
        for (long k = 0; k < n.jam; ++k) {
            std::string value = copy_value(base ? base->base : n.init, k, *m.step);
            Node copy = settled(substituted(n.kids[0], n.iter, value), p);
            std::vector<std::string> conds;
            if (base && !n.based_clear) {
                for (const std::string& y : base->lower) conds.push_back(paren(y) + " <= " + value);
                if (n.based_above) conds.push_back(value + " <= " + upper);  // as an unsettled copy's
            }
            if (n.tile != Tile::Full) conds.push_back(value + " <= " + upper);
            if (!conds.empty()) {
                Node guard;
                guard.kind = Node::Kind::If;
                guard.cond = conds[0];
                for (size_t c = 1; c < conds.size(); ++c) guard.cond += " && " + conds[c];
                guard.kids.push_back(std::move(copy));
                copy = std::move(guard);
            }
            m.copies.push_back(std::move(copy));
        }
    } else if (n.unroll > 1 && n.unroll_copies && steps_up) {
        m.form = Form::Unrolled;
        for (long k = 1; k < n.unroll; ++k)
            m.copies.push_back(settled(substituted(n.kids[0], n.iter, "(" + n.iter + " + " + std::to_string(k * *m.step) + ")"), p));
    }
    return m;
}

}  // namespace

Program rewrite(const Program& program) {
    Program out = program;
    out.root = settled(hoisted_jam_guards(program.root), program);
    return out;
}

}  // namespace polyrl
