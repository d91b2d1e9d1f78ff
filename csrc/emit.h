// Printing a converted LoopTree as C text; no Python involved.
#pragma once

#include <string>

#include "looptree.h"

namespace polyrl {

// The C text replacing the optimized region.  Throws std::invalid_argument (ValueError
// in Python) for input the converter could not rule out, e.g. an unknown statement.
std::string emit_region(const Program& program);

// Helpers shared with the converter (validation) and the tests of the printer.
bool is_identifier(const std::string& s);
bool is_c_expression(const std::string& s);
std::string substitute_identifier(const std::string& text, const std::string& name,
                                  const std::string& replacement);

}  // namespace polyrl
