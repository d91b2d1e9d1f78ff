/* polyrl.generate v1: seed 2160207345665254067, double, 2 nest(s), patterns: transpose, transpose */
#include <stdio.h>

#define N0 101

double A[N0][N0][N0];
double B[N0][N0][N0];
double C[N0][N0][N0];
double D[N0][N0][N0];
double E[N0][N0][N0];
double F[N0][N0][N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        A[i][j][k] = (double)((3 * i + 1 * j + 6 * k + 0) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = (double)((4 * i + 2 * j + 6 * k + 0) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = (double)((3 * i + 3 * j + 4 * k + 1) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        D[i][j][k] = (double)((4 * i + 2 * j + 1 * k + 0) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        E[i][j][k] = (double)((5 * i + 3 * j + 7 * k + 0) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        F[i][j][k] = (double)((7 * i + 1 * j + 7 * k + 5) % 17) / 17 + 0.5;
}

void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = A[k][j][i] * B[j][k][i];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        F[i][j][k] = C[k][j][i] + D[j][i][k] * E[i][j][k];
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
        checksum += C[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        checksum += F[i][j][k];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
