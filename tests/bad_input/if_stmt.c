/* expect: if statements inside a scop are not supported yet */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    if (i > 10)
      A[i] = 0.0;
#pragma endscop
}
