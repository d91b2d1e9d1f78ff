/* expect: loop bound depends on data (`len[i]`) */
#define N 100
double A[N][N];
int len[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < len[i]; j++)
      A[i][j] = 0.0;
#pragma endscop
}
