/* The bound 3000000000 does not fit the int iterator: i overflows (undefined behaviour)
 * before the condition fails, so the iteration domain is not 0..N-1. */
#define N 3000000000L
double A[10];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[0] = A[0] + 1.0;
#pragma endscop
}
