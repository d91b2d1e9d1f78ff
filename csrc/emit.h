// Printing a LoopTree as C text; no Python involved.
#pragma once

#include <string>

#include "looptree.h"

namespace polyrl {

// The C text replacing the optimized region: `program` rewritten (rewrite.h), then
// printed.  Throws std::invalid_argument (ValueError in Python) for input the reader
// could not rule out, e.g. an iterator index beyond a statement node's args.
std::string emit_region(const Program& program);

}  // namespace polyrl
