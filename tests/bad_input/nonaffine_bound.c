/* expect: non-affine loop bound */
void f(int n, double A[100][100]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i * i; j++)
      A[i][j] = 0.0;
#pragma endscop
}
