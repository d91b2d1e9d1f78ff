// The C printer for a rewritten LoopTree (rewrite.h): helper macros, declarations,
// loops as their Form says (OpenMP pragmas, explicit or pragma unrolling, jammed copies,
// vector code, packing copies), conditionals and statements.  It reads the tree and
// never changes it.
#include "emit.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "ctext.h"
#include "rewrite.h"

namespace polyrl {

namespace {

void vector_types(const Node& n, std::set<std::string>& out) {
    if (n.kind == Node::Kind::For && !n.vector.empty()) out.insert(n.vector);
    for (const Node& k : n.kids) vector_types(k, out);
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
        std::set<std::string> types;
        vector_types(p_.root, types);
        if (!types.empty()) {
            // the widest vectors the target has (generic vectors elsewhere: gcc lowers them)
            out_ << "#ifndef polyrl_vbytes\n#if defined(__AVX512F__)\n#define polyrl_vbytes 64\n"
                    "#elif defined(__AVX__)\n#define polyrl_vbytes 32\n#else\n#define polyrl_vbytes 16\n#endif\n"
                    "#endif\n";
        }
        line(0, "{");
        for (const auto& [type, name] : p_.decls) line(1, type + " " + name + ";");
        for (const std::string& t : types) {
            line(1, "typedef " + t + " polyrl_v_" + t + " __attribute__((vector_size(polyrl_vbytes)));");
            line(1, "enum { polyrl_lanes_" + t + " = (int)(polyrl_vbytes / sizeof(" + t + ")) };");
        }
        for (const Buffer& b : p_.buffers) allocate(b, 1);
        node(p_.root, 1);
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
            if (n.wraps_buffers) {
                // one allocation for the whole loop, in a block of its own
                line(level, "{");
                for (const Buffer& b : n.buffers) allocate(b, level + 1);
                loop(n, level + 1);
                for (const Buffer& b : n.buffers) line(level + 1, "__builtin_free(" + b.name + "_mem);");
                line(level, "}");
            } else {
                loop(n, level);
            }
            return;
        }
    }

    const StmtDef& definition(const Node& n) const {
        auto it = p_.statements.find(n.name);
        if (it == p_.statements.end())
            throw std::invalid_argument("LoopTree: stmt node names unknown statement '" + n.name + "'");
        return it->second;
    }

    void stmt(const Node& n, int level) {
        const StmtDef& def = definition(n);
        ExprPrinter pr(n.args);
        line(level, pr.print(def.lhs).text + " " + def.op + " " + pr.print(def.rhs).text + ";");
    }

    static std::string step(const Node& n) {
        const std::optional<long>& k = n.step;
        if (k && *k == 1) return n.iter + "++";
        if (k && *k == -1) return n.iter + "--";
        if (k && *k < 0) return n.iter + " -= " + std::to_string(-*k);
        return n.iter + " += " + trim(n.inc);
    }

    static std::string omp_pragma(const Node& n) {
        if (n.parallel && n.simd) return "#pragma omp parallel for simd";
        if (n.parallel) return "#pragma omp parallel for";
        if (n.simd) return "#pragma omp simd";
        return "";
    }

    std::string header(const Node& n) const {
        return "for (int " + n.iter + " = " + trim(n.init) + "; " + trim(n.cond) + "; " + step(n) + ") {";
    }

    void loop(const Node& n, int level) {
        std::string omp = omp_pragma(n);
        switch (n.form) {
        case Form::Vector:
            vectorized(n, level);
            return;
        case Form::Packing:
            if (!omp.empty()) line(level, omp);
            line(level, header(n));
            if (!n.wraps_buffers)
                for (const Buffer& b : n.buffers) allocate(b, level + 1);
            for (const Pack& p : n.packs) copy(p, level + 1);
            node(n.kids[0], level + 1);
            if (!n.wraps_buffers)
                for (const Buffer& b : n.buffers) line(level + 1, "__builtin_free(" + b.name + "_mem);");
            line(level, "}");
            return;
        case Form::Jammed:
            for (const Node& c : n.copies) node(c, level);
            return;
        case Form::JamPartial:
            partial_tiles(n, level);
            return;
        case Form::Unrolled:
            if (omp.empty()) unrolled(n, level);
            else unrolled_omp(n, level, omp);
            return;
        case Form::Plain:
            break;
        }
        if (!omp.empty()) line(level, omp);
        // GCC accepts no other pragma between an OpenMP loop pragma and its loop, so an
        // OpenMP loop without a known upper bound keeps its parallelism and is not unrolled.
        // The compiler unrolls the loops without copies (unroll_copies false, or no bound).
        else if (n.unroll > 1 || n.jam > 1)
            line(level, "#pragma GCC unroll " + std::to_string(std::max(n.unroll, n.jam)));
        line(level, header(n));
        node(n.kids[0], level + 1);
        line(level, "}");
    }

    // An innermost loop as explicit vector code: chunks of polyrl_lanes_T iterations,
    // then a scalar remainder. Every statement runs on a whole chunk before the next one
    // starts, which the loop carrying no dependence allows (checked by
    // polyrl.poly.legality). Registers:
    // - an array no statement of the body writes: its chunk-invariant elements are read
    //   once before the loop, its unit-stride chunks once per chunk;
    // - a written array is read from memory where a statement reads it, except that the
    //   chunk a statement writes stays in a register while the next statements update
    //   the same reference and touch that array nowhere else; it is stored after that.
    // Loads and stores go through __builtin_memcpy: nothing is assumed aligned.
    void vectorized(const Node& n, int level) {
        const std::string& c = n.iter;
        const std::string vt = "polyrl_v_" + n.vector, lanes = "polyrl_lanes_" + n.vector;
        std::set<std::string> written;
        for (const Node& st : n.straight) written.insert(definition(st).lhs.text);
        std::vector<std::string> hoisted, lines;
        std::map<std::string, std::string> invariant, chunk;  // reference text -> variable
        int fresh = 0;
        std::string pending, pending_var, pending_array;  // the register of the last written chunk
        auto store_pending = [&]() {
            if (pending.empty()) return;
            lines.push_back("__builtin_memcpy(&" + pending + ", &" + pending_var + ", sizeof " + pending_var + ");");
            pending.clear();
        };
        for (const Node& st : n.straight) {
            const StmtDef& def = definition(st);
            // the written reference, printed as the scalar code would
            std::vector<std::string> lidx;
            ExprPrinter plain(st.args);
            for (const Expr& i : def.lhs.kids) lidx.push_back(plain.print(i).text);
            std::string lhs = reference_text(def.lhs.text, lidx);
            bool reuse = lhs == pending;
            bool uses_vector = false;
            RefHook hook = [&](const std::string& name, const std::vector<std::string>& idx) -> std::optional<std::string> {
                std::string text = reference_text(name, idx);
                if (n.strides.at(text) == 0) {
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
                    if (name == pending_array && reference_text(name, idx) != pending) reuse = false;
                    return std::nullopt;
                });
                probe.print(def.rhs);
                if (!reuse) store_pending();
            }
            ExprPrinter pr(st.args, hook);
            std::string rhs = pr.print(def.rhs).text;
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

    // The partial tiles of a hoisted jam guard (the else branch: the tiles at the edges)
    // are a real loop of at most `jam` iterations (the node's promise), kept rolled (see
    // NO_UNROLL). gcc 12.2 -O3 if-converts guarded copies and then vectorizes the loop
    // around them across the dependence that one copy carries to the next iteration's
    // neighbour copy, which it miscompiles (a 3-D in-place stencil, interchanged and
    // jammed by 4: tests/test_emitter.py, test_partial_jam_tiles_are_a_rolled_loop).
    // Those tiles run rarely, so the loop costs nothing that matters; the full tiles keep
    // their copies.
    void partial_tiles(const Node& n, int level) {
        line(level, "{");
        std::string hi = hoisted_bound(n, level + 1);
        rolled_loop(n, level + 1, "int " + n.iter + " = " + trim(n.init), hi);
        line(level, "}");
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
        line(level, "for (" + start + "; " + n.iter + " <= " + hi + "; " + step(n) + ") {");
        node(n.kids[0], level + 1);
        line(level, "}");
    }

    // for (<decl>c = init; c <= hi - (U-1)*s; c += U*s) { body(c) body(c + s) ... }
    void unrolled_main(const Node& n, int level, const std::string& decl, const std::string& hi) {
        const std::string& c = n.iter;
        long inc = n.step.value();
        line(level, "for (" + decl + c + " = " + trim(n.init) + "; " + c + " <= " + hi + " - " +
                        std::to_string((n.unroll - 1) * inc) + "; " + c + " += " + std::to_string(n.unroll * inc) +
                        ") {");
        node(n.kids[0], level + 1);
        for (const Node& k : n.copies) node(k, level + 1);
        line(level, "}");
    }

    // { int c; for (c = init; c <= (upper) - (U-1)*s; c += U*s) { body(c) body(c + s) ... }
    //   for (; c <= (upper); c += s) { body(c) } }
    void unrolled(const Node& n, int level) {
        line(level, "{");
        line(level + 1, "int " + n.iter + ";");
        std::string hi = hoisted_bound(n, level + 1);
        line(level + 1, NO_UNROLL);
        unrolled_main(n, level + 1, "", hi);
        rolled_loop(n, level + 1, "", hi);
        line(level, "}");
    }

    // An OpenMP loop leaves its iterator undefined afterwards (and lastprivate leaves it
    // untouched when there is no iteration), so the remainder loop starts at the computed
    // first unhandled value init + U*s * (trip / U), trip = max(upper - init + s, 0) / s.
    void unrolled_omp(const Node& n, int level, const std::string& omp) {
        const std::string& c = n.iter;
        long inc = n.step.value();
        line(level, "{");
        std::string hi = hoisted_bound(n, level + 1);
        std::string init = paren(trim(n.init)), s = std::to_string(inc), u = std::to_string(n.unroll);
        std::string trip = "polyrl_max(" + hi + " - " + init + " + " + s + ", 0)" + (inc == 1 ? "" : " / " + s);
        line(level + 1, omp);
        unrolled_main(n, level + 1, "int ", hi);
        rolled_loop(n, level + 1, "int " + c + " = " + init + " + " + std::to_string(n.unroll * inc) + " * ((" + trip +
                                      ") / " + u + ")", hi);
        line(level, "}");
    }

    const Program& p_;
    std::ostringstream out_;
};

}  // namespace

std::string emit_region(const Program& program) {
    Program rewritten = rewrite(program);
    return Emitter(rewritten).run();
}

}  // namespace polyrl
