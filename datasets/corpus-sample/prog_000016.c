/* polyrl.generate v1: seed 1121868208313659281, double, 1 nest(s), patterns: transpose */
#include <stdio.h>

#define N0 1448

double A[N0][N0];
double B[N0][N0];
double C[N0][N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((3 * i + 1 * j + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((1 * i + 5 * j + 3) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((1 * i + 3 * j + 3) % 17) / 17 + 0.5;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = 1.5 * A[j][i] + B[i][j];
#pragma endscop
}

int main(void)
{
  int i, j;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += C[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
