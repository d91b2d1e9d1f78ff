/* polyrl.generate v1: seed 418087320004240912, double, 3 nest(s), patterns: reduction, stencil-seidel, elementwise */
#include <stdio.h>

#define N0 591

double A[N0][N0];
double B[N0][N0];
double C[N0][N0];
double D[N0];
double E[N0];
double F[N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((3 * i + 5 * j + 2) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((1 * i + 3 * j + 5) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((7 * i + 6 * j + 1) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    D[i] = (double)((5 * i + 1) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    E[i] = (double)((4 * i + 4) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    F[i] = (double)((1 * i + 4) % 19) / 19 + 0.5;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[j] = D[j] + 0.125 * A[i][j] - 0.9 * B[i][j] + C[i][j];
  for (i = 1; i < N0 - 1; i++)
    D[i] = 0.33 * (D[i] + D[i - 1] + D[i + 1]);
  for (i = 0; i < N0; i++)
    F[i] = 1.5 * D[i] + E[i];
#pragma endscop
}

int main(void)
{
  int i;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    checksum += D[i];
  for (i = 0; i < N0; i++)
    checksum += F[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
