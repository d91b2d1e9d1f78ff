/* expect: call to `printf` may have side effects */
#include <stdio.h>
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    printf("%f\n", A[i]);
#pragma endscop
}
