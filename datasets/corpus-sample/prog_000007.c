/* polyrl.generate v1: seed 1029179545556267195, float, 1 nest(s), patterns: transpose */
#include <stdio.h>

#define N0 1682

float A[N0][N0];
float B[N0][N0];
float C[N0][N0];
float D[N0][N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (float)((3 * i + 7 * j + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (float)((2 * i + 5 * j + 1) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (float)((7 * i + 6 * j + 5) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (float)((1 * i + 2 * j + 0) % 23) / 23 + 0.5f;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = 0.3f * A[j][i] + B[j][i] + 1.5f * C[j][i];
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
      checksum += D[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
