/* polyrl.generate v1: seed 2447725977404014703, float, 3 nest(s), patterns: stencil-seidel, stencil-jacobi, triangular */
#include <stdio.h>

#define N0 3546

float A[N0];
float B[N0];
float C[N0][N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    A[i] = (float)((4 * i + 2) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    B[i] = (float)((4 * i + 4) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (float)((1 * i + 3 * j + 1) % 19) / 19 + 0.5f;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 1; i < N0 - 1; i++)
    A[i] = 0.33f * (A[i] + A[i - 1] + A[i + 1]);
  for (i = 1; i < N0 - 1; i++)
    B[i] = 0.33f * (A[i] + A[i - 1] + A[i + 1]);
  for (i = 0; i < N0; i++)
    for (j = 0; j < i; j++)
      B[i] = B[i] - 0.0001f * C[i][j] * B[j];
#pragma endscop
}

int main(void)
{
  int i;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    checksum += A[i];
  for (i = 0; i < N0; i++)
    checksum += B[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
