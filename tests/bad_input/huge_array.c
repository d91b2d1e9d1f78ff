/* expect: array is too large */
#define N 4000000000
double A[N][N];
void f(void) {
  long i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = 1.0;
#pragma endscop
}
