/* expect: cannot parse */
#define N 10
double A[N];
void f(void) {
  for (int i = 0; i < N; i++)
    A[i] = 1.0
}
