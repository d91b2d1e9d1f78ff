/* B points one element into A, so `B[i] = A[i] + 1.0` is `A[i + 1] = A[i] + 1.0`: the
 * loop carries a dependence that treating A and B as distinct arrays cannot see. */
#define N 100
double A[N];
double *B = A + 1;
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N - 1; i++)
    B[i] = A[i] + 1.0;
#pragma endscop
}
