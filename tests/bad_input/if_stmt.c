/* expect: if condition depends on data */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    if (A[i] > 10)
      A[i] = 0.0;
#pragma endscop
}
