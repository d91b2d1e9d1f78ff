// The `polyrl._emit` extension module.
#include "emit.h"
#include "looptree_py.h"

PYBIND11_MODULE(_emit, m) {
    m.doc() = "C++ emitter: prints a LoopTree (polyrl/codegen/looptree.py) as C text.";
    m.def(
        "emit_region",
        [](py::handle program) {
            polyrl::Program p = polyrl::program_from_python(program);
            return polyrl::emit_region(p);
        },
        py::arg("program"),
        "Return the C text replacing the optimized region for a LoopTree dict.\n\n"
        "Raises ValueError when the dict does not follow the LoopTree contract.");
}
