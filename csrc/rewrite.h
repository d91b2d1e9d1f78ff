// The pass between reading a LoopTree and printing it: it settles how every loop is
// written out, so that the printer (emit.cpp) only prints.
#pragma once

#include "looptree.h"

namespace polyrl {

// `program` with its tree ready to print: the full-tile guards of jammed loops hoisted
// where they can be, and every `for` node's Form, step and copies settled (see
// looptree.h).  `program` itself is left as it is.
Program rewrite(const Program& program);

}  // namespace polyrl
