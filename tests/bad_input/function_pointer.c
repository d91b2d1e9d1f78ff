/* expect: call to `op` may have side effects */
#define N 100
double A[N];
double twice(double x) { return 2.0 * x; }
double (*op)(double) = twice;
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = op(A[i]);
#pragma endscop
}
