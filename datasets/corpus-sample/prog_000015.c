/* polyrl.generate v1: seed 2705498243245702299, double, 3 nest(s), patterns: skewed, broadcast, stencil-seidel, triangular, skewed */
#include <stdio.h>

#define N0 79
#define N1 64

double A[N0][N0][N0 + N0];
double B[N0][N0][N0];
double C[N0][N1];
double D[N0][N1];
double E[N0][N1][N1];
double F[N0][N0][N1];
double G[N0][N0][N0];
double H[N0][N0];
double P[N0][N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0 + N0; k++)
        A[i][j][k] = (double)((5 * i + 1 * j + 7 * k + 2) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = (double)((6 * i + 4 * j + 6 * k + 2) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      C[i][j] = (double)((5 * i + 5 * j + 5) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      D[i][j] = (double)((4 * i + 2 * j + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        E[i][j][k] = (double)((7 * i + 4 * j + 6 * k + 5) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        F[i][j][k] = (double)((1 * i + 7 * j + 5 * k + 1) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        G[i][j][k] = (double)((5 * i + 2 * j + 3 * k + 5) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      H[i][j] = (double)((3 * i + 5 * j + 0) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      P[i][j] = (double)((2 * i + 4 * j + 3) % 19) / 19 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = 0.25 * A[i][j][j + k];
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        E[i][j][k] = 0.125 * C[i][j] + D[i][j];
  }
  for (i = 0; i < N0; i++) {
    for (j = 1; j < N1 - 1; j++)
      for (k = 1; k < N1 - 1; k++)
        E[i][j][k] = 0.25 * (E[i][j][k] + E[i][j - 1][k + 1] + E[i][j - 1][k - 1] + E[i][j + 1][k + 1]);
    for (j = 0; j < N0; j++)
      for (k = 0; k < j + 1; k++)
        for (l = 0; l < N1; l++)
          G[i][j][k] = G[i][j][k] + F[i][j][l] * F[i][k][l];
  }
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      P[i][j] = 0.3 * H[i][i] + 0.3 * H[j][j] - H[i][j];
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
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        checksum += E[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        checksum += G[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += P[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
