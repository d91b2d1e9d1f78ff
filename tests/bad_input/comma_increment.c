/* expect: loop initialisation */
#define N 100
double A[N][N];
void f(void) {
  int i, j;
#pragma scop
  for (i = 0, j = 0; i < N; i++, j++)
    A[i][j] = 0.0;
#pragma endscop
}
