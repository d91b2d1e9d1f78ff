/* expect: pointers to pointers */
void f(int n, double **A) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0.0;
#pragma endscop
}
