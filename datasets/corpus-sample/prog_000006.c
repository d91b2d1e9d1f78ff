/* polyrl.generate v1: seed 3293527565575162061, double, 2 nest(s), patterns: triangular, contraction, reduction, contraction */
#include <stdio.h>

#define T 9
#define N0 45
#define N1 30

double A[N0][N0];
double B[N0];
double C[N0][N1];
double D[N0][N1][N0][N1];
double E[N0][N0];
double F[N1][N0];
double G[N0][N0];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((5 * i + 5 * j + 0) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    B[i] = (double)((4 * i + 3) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      C[i][j] = (double)((5 * i + 2 * j + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N1; l++)
          D[i][j][k][l] = (double)((3 * i + 7 * j + 1 * k + 6 * l + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      E[i][j] = (double)((1 * i + 1 * j + 3) % 17) / 17 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      F[i][j] = (double)((7 * i + 5 * j + 5) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      G[i][j] = (double)((1 * i + 4 * j + 1) % 7) / 7 + 0.5;
}

void kernel(void)
{
  int t, i, j, k, l;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 0; i < N0; i++)
      for (j = 0; j < i; j++)
        B[i] = B[i] - 0.0001 * A[i][j] * B[j];
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (i = 0; i < N0; i++)
          A[i][j] = A[i][j] + C[j][k] * C[i][k];
    for (i = 0; i < N0; i++)
      for (j = 0; j < N1; j++)
        for (k = 0; k < N0; k++)
          for (l = 0; l < N1; l++)
            E[i][k] = E[i][k] + 0.25 * D[i][j][k][l];
  }
  for (i = 0; i < N0; i++)
    for (k = 0; k < N1; k++)
      for (j = 0; j < N0; j++)
        G[i][j] = G[i][j] + F[k][i] * C[j][k];
#pragma endscop
}

int main(void)
{
  int i, j;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    checksum += B[i];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += A[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += E[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += G[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
