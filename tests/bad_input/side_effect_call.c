/* expect: call to `rand` may have side effects */
#include <stdlib.h>
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    A[i] = rand();
#pragma endscop
}
