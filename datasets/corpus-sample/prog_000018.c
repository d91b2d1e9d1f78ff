/* polyrl.generate v1: seed 7697027634803704563, float, 1 nest(s), patterns: contraction */
#include <stdio.h>

#define N0 83
#define N1 62

float A[N0][N0][N1];
float B[N1][N0];
float C[N0][N0][N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        A[i][j][k] = (float)((7 * i + 3 * j + 1 * k + 4) % 7) / 7 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (float)((4 * i + 6 * j + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = (float)((6 * i + 7 * j + 1 * k + 4) % 13) / 13 + 0.5f;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++) {
        C[i][j][k] = 0.9f * C[i][j][k];
        for (l = 0; l < N1; l++)
          C[i][j][k] = C[i][j][k] + 1.5f * A[i][k][l] * B[l][j];
      }
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
  printf("checksum: %.6e\n", checksum);
  return 0;
}
