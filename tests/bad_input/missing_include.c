/* expect: cannot parse: 'does_not_exist.h' file not found */
#include "does_not_exist.h"
void f(void) {}
