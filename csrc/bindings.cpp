// The `polyrl._emit` extension module.
#include "emit.h"
#include "looptree_py.h"

PYBIND11_MODULE(_emit, m) {
    m.doc() = "C++ emitter: prints a LoopTree (polyrl/codegen/looptree.py) as C text.";
    m.def(
        "emit_region",
        [](py::handle tree) {
            polyrl::Program p = polyrl::program_from_python(tree);
            return polyrl::emit_region(p);
        },
        py::arg("tree"),
        "Return the C text replacing the optimized region for a LoopTree.\n\n"
        "Raises ValueError for what its nodes cannot check alone (an unknown statement,\n"
        "a pack without its buffer, a malformed statement expression).");
}
