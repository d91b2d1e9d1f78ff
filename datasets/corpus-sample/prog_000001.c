/* polyrl.generate v1: seed 8044611547591921846, float, 3 nest(s), patterns: triangular, elementwise, triangular */
#include <stdio.h>

#define N0 2507

float A[N0][N0];
float B[N0];
float C[N0];
float D[N0][N0];
float E[N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (float)((2 * i + 4 * j + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    B[i] = (float)((2 * i + 2) % 13) / 13 + 0.5f;
  for (i = 0; i < N0; i++)
    C[i] = (float)((6 * i + 2) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (float)((7 * i + 6 * j + 5) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    E[i] = (float)((7 * i + 3) % 19) / 19 + 0.5f;
}

void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < i; j++)
      B[i] = B[i] - 0.0001f * A[i][j] * B[j];
  for (i = 0; i < N0; i++)
    C[i] = 0.25f * B[i];
  for (i = 0; i < N0; i++)
    for (j = i; j < N0; j++)
      E[i] = E[i] + D[i][j] * B[j];
#pragma endscop
}

int main(void)
{
  int i;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    checksum += B[i];
  for (i = 0; i < N0; i++)
    checksum += C[i];
  for (i = 0; i < N0; i++)
    checksum += E[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
