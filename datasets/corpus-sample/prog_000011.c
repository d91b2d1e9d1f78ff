/* polyrl.generate v1: seed 3830341873095957659, double, 3 nest(s), patterns: broadcast, skewed, stencil-jacobi */
#include <stdio.h>

#define N0 37
#define N1 112

double A[N0][N0];
double B[N0];
double C[N0];
double D[N0];
double E[N0][N0][N0][N0];
double F[N0][N0];
double G[N0][N0];
double H[N1][N1][N1];
double P[N1][N1][N1];
double Q[N1][N1][N1];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((7 * i + 1 * j + 1) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    B[i] = (double)((1 * i + 4) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    C[i] = (double)((1 * i + 4) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    D[i] = (double)((5 * i + 0) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          E[i][j][k][l] = (double)((6 * i + 2 * j + 1 * k + 4 * l + 5) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      F[i][j] = (double)((7 * i + 2 * j + 3) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      G[i][j] = (double)((7 * i + 4 * j + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        H[i][j][k] = (double)((2 * i + 6 * j + 2 * k + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        P[i][j][k] = (double)((6 * i + 3 * j + 4 * k + 2) % 23) / 23 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        Q[i][j][k] = (double)((5 * i + 4 * j + 2 * k + 4) % 17) / 17 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          E[i][j][k][l] = A[j][l] + B[l] + C[j] - 1.5 * D[l];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      G[i][j] = 0.3 * F[i][i] + 0.5 * F[j][j] + 0.75 * F[i][j];
  for (i = 1; i < N1 - 1; i++)
    for (j = 1; j < N1 - 1; j++)
      for (k = 1; k < N1 - 1; k++)
        Q[i][j][k] = 0.9 * (0.14 * (H[i][j][k] + H[i - 1][j][k] + H[i + 1][j][k] + H[i][j - 1][k] + H[i][j + 1][k] + H[i][j][k - 1] + H[i][j][k + 1]) + 0.1 * P[i][j][k]);
#pragma endscop
}

int main(void)
{
  int i, j, k, l;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          checksum += E[i][j][k][l];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += G[i][j];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        checksum += Q[i][j][k];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
