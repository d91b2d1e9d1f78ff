/* expect: unsupported element type */
#include <complex.h>
#define N 100
double complex A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = A[i] * I;
#pragma endscop
}
