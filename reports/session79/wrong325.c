/* polyrl.generate v1: seed 8075403116833797207, double, 7 nest(s), patterns: triangular, stencil-seidel, stencil-jacobi, stencil-seidel, stencil-seidel, reduction */
#include <stdio.h>

#define N0 67

double A[N0][N0][N0];
double B[N0][N0][N0];
double C[N0][N0];
double D[N0][N0];
double E[N0];
double F[N0];
double G[N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        A[i][j][k] = (double)((1 * i + 5 * j + 6 * k + 4) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = (double)((3 * i + 5 * j + 5 * k + 4) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((6 * i + 4 * j + 2) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (double)((6 * i + 7 * j + 1) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    E[i] = (double)((1 * i + 0) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    F[i] = (double)((5 * i + 3) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    G[i] = (double)((2 * i + 4) % 7) / 7 + 0.5;
}

void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++)
      for (k = 0; k < j + 1; k++)
        B[i][j][k] = B[i][j][k] + A[i][j][k] * A[i][k][j] / 3.0;
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        B[i][j][k] = 0.0625 * (B[i][j][k] + B[i][j - 1][k - 1] + B[i][j - 1][k] + B[i][j - 1][k + 1] + B[i][j][k - 1] + B[i][j][k + 1] + B[i][j + 1][k - 1] + B[i][j + 1][k] + B[i][j + 1][k + 1]) / 7.0;
    for (k = 0; k < N0; k++)
      B[i][N0 - 1][k] = 1.0;
  }
  for (i = 1; i < N0 - 1; i++)
    for (j = 1; j < N0 - 1; j++)
      D[i][j] = 0.0625 * (C[i + 1][j] + C[i][j] + C[i][j - 1] + C[i - 1][j - 1] + C[i - 1][j] + C[i - 1][j + 1] + C[i][j + 1] + C[i + 1][j - 1] + C[i + 1][j + 1]);
  for (j = 0; j < N0; j++)
    D[N0 - 1][j] = 0.0;
  for (i = 1; i < N0 - 1; i++)
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        B[i][j][k] = 0.25 * (B[i + 1][j][k + 1] + B[i + 1][j + 1][k - 1] + B[i][j][k] + B[i - 1][j - 1][k - 1]);
  for (i = 1; i < N0 - 1; i++)
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        B[i][j][k] = 0.33 * (B[i - 1][j + 1][k] + B[i][j][k] + B[i][j][k - 1]);
  for (j = 0; j < N0; j++)
    for (k = 0; k < N0; k++)
      B[N0 - 1][j][k] = 0.0;
  for (j = 0; j < N0; j++)
    for (i = 0; i < N0; i++)
      G[j] = G[j] + D[i][j] + E[i] - 0.3 * F[i];
#pragma endscop
}

int main(void)
{
  int i, j, k;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        checksum += B[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += D[i][j];
  for (i = 0; i < N0; i++)
    checksum += G[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
