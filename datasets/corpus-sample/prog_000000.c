/* polyrl.generate v1: seed 6091304017002980163, double, 3 nest(s), patterns: elementwise, stencil-seidel, triangular */
#include <stdio.h>

#define N0 146

double A[N0][N0][N0];
double B[N0][N0][N0];
double C[N0][N0];
double D[N0][N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        A[i][j][k] = (double)((2 * i + 4 * j + 2 * k + 4) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = (double)((5 * i + 3 * j + 7 * k + 3) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((5 * i + 7 * j + 5) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (double)((1 * i + 5 * j + 0) % 13) / 13 + 0.5;
}

void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = B[i][j][k] + A[i][j][k];
  for (i = 1; i < N0 - 1; i++)
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        B[i][j][k] = 0.14 * (B[i][j][k] + B[i - 1][j][k] + B[i + 1][j][k] + B[i][j - 1][k] + B[i][j + 1][k] + B[i][j][k - 1] + B[i][j][k + 1]);
  for (i = 0; i < N0; i++)
    for (j = 0; j < i + 1; j++)
      D[i][j] = D[i][j] + C[i][j] * C[j][i];
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
  printf("checksum: %.6e\n", checksum);
  return 0;
}
