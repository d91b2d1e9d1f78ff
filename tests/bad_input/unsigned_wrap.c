/* `i >= 0` always holds for an unsigned i: the loop never ends and i wraps around to
 * 4294967295, so the iteration domain is not 0..N-1. */
#define N 100
double A[N];
void f(void) {
  unsigned i;
#pragma scop
  for (i = N - 1; i >= 0; i--)
    A[i] = 0.0;
#pragma endscop
}
