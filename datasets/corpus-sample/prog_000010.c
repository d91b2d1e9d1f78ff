/* polyrl.generate v1: seed 5305532580020970731, double, 2 nest(s), patterns: transpose, elementwise */
#include <stdio.h>

#define N0 38
#define N1 38

double A[N0][N0];
double B[N0][N0];
double C[N0][N0];
double D[N1][N0][N1][N0];
double E[N1][N0][N1][N0];
double F[N1][N0][N1][N0];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((4 * i + 3 * j + 3) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((3 * i + 7 * j + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((3 * i + 2 * j + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          D[i][j][k][l] = (double)((2 * i + 7 * j + 1 * k + 5 * l + 3) % 23) / 23 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          E[i][j][k][l] = (double)((4 * i + 1 * j + 3 * k + 3 * l + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          F[i][j][k][l] = (double)((6 * i + 6 * j + 3 * k + 7 * l + 4) % 23) / 23 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = 1.5 * A[j][i] + 0.9 * B[j][i];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          F[i][j][k][l] = D[i][j][k][l] * E[i][j][k][l];
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
      checksum += C[i][j];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          checksum += F[i][j][k][l];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
