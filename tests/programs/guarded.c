/* Affine `if`s inside a scop (with else, ||, !, != and a size parameter m): the front
   end's domains (test_frontend) and the schedules that must verify (test_pipeline). */
#define N 40
double A[N][N], B[N];
void f(int m) {
#pragma scop
  for (int i = 0; i < N; i++) {
    if (i >= 2 && i + 1 < N) {
      for (int j = 0; j < N; j++)
        if (j != i || !(i < 5))
          A[i][j] = A[i - 1][j] + 1.0;
        else
          A[i][j] = 0.0;
    }
    B[i] = A[i][0];
    if (i == m)
      B[i] = 2.0 * B[i];
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  f(7);
  return 0;
}
