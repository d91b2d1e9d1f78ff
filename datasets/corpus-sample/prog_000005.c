/* polyrl.generate v1: seed 2493770730417354127, double, 1 nest(s), patterns: broadcast */
#include <stdio.h>

#define N0 43

double A[N0][N0][N0];
double B[N0];
double C[N0];
double D[N0][N0][N0];
double E[N0][N0];
double F[N0][N0][N0][N0];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        A[i][j][k] = (double)((4 * i + 7 * j + 1 * k + 1) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    B[i] = (double)((5 * i + 0) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    C[i] = (double)((7 * i + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        D[i][j][k] = (double)((4 * i + 6 * j + 6 * k + 3) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      E[i][j] = (double)((5 * i + 5 * j + 3) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          F[i][j][k][l] = (double)((2 * i + 7 * j + 2 * k + 3 * l + 0) % 17) / 17 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          F[i][j][k][l] = A[j][k][l] * B[j] + C[j] * D[j][k][l] + 0.25 * E[j][l];
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
          checksum += F[i][j][k][l];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
