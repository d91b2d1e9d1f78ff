/* polyrl.generate v1: seed 5749204630798671162, float, 2 nest(s), patterns: contraction, reduction */
#include <stdio.h>

#define N0 25
#define N1 42

float A[N0][N0][N1];
float B[N1][N1];
float C[N0][N0][N1];
float D[N0][N0][N1];
float s4;

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        A[i][j][k] = (float)((2 * i + 1 * j + 3 * k + 4) % 7) / 7 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      B[i][j] = (float)((7 * i + 5 * j + 2) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        C[i][j][k] = (float)((2 * i + 5 * j + 6 * k + 4) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        D[i][j][k] = (float)((5 * i + 7 * j + 6 * k + 0) % 13) / 13 + 0.5f;
  s4 = 0.0f;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (j = 0; j < N0; j++)
    for (i = 0; i < N0; i++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          C[i][j][k] = C[i][j][k] + A[i][j][l] * B[l][k];
  for (k = 0; k < N1; k++)
    for (j = 0; j < N0; j++)
      for (i = 0; i < N0; i++)
        s4 = s4 + C[i][j][k] * D[i][j][k];
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
      for (k = 0; k < N1; k++)
        checksum += C[i][j][k];
  checksum += s4;
  printf("checksum: %.6e\n", checksum);
  return 0;
}
