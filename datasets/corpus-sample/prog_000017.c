/* polyrl.generate v1: seed 4086483286082581988, double, 1 nest(s), patterns: transpose */
#include <stdio.h>

#define N0 926
#define N1 771

double A[N1][N0];
double B[N1][N0];
double C[N1][N0];
double D[N1][N0];
double E[N0][N1];

static void init(void)
{
  int i, j;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((4 * i + 6 * j + 1) % 13) / 13 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((2 * i + 2 * j + 2) % 19) / 19 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((1 * i + 2 * j + 5) % 19) / 19 + 0.5;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (double)((7 * i + 1 * j + 5) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      E[i][j] = (double)((1 * i + 7 * j + 4) % 17) / 17 + 0.5;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      E[i][j] = A[j][i] - 2.0 * B[j][i] + C[j][i] * D[j][i];
#pragma endscop
}

int main(void)
{
  int i, j;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      checksum += E[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
