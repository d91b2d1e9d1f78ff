/* expect: non-affine `if` condition */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    if (i * i > 10)
      A[i] = 0.0;
#pragma endscop
}
