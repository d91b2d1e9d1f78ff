/* polyrl.generate v1: seed 5678969144862874984, double, 1 nest(s), patterns: stencil-jacobi */
#include <stdio.h>

#define N0 1773

double A[N0][N0];
double B[N0][N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((1 * i + 2 * j + 0) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((2 * i + 2 * j + 2) % 7) / 7 + 0.5;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 1; i < N0 - 1; i++)
    for (j = 1; j < N0 - 1; j++)
      B[i][j] = 0.0625 * (A[i][j] + A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]);
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
      checksum += B[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
