// The boundary between Python and the emitter: a LoopTree dataclass in, C++ structs out.
#pragma once

#include <pybind11/pybind11.h>

#include "looptree.h"

namespace py = pybind11;

namespace polyrl {

// Raises ValueError (py::value_error) naming the path of the first malformed part.
Program program_from_python(py::handle tree);

}  // namespace polyrl
