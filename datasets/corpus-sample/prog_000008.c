/* polyrl.generate v1: seed 6777905724924822121, double, 1 nest(s), patterns: elementwise */
#include <stdio.h>

#define N0 30
#define N1 59

double A[N0][N0][N1][N1];
double B[N0][N0][N1][N1];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          A[i][j][k][l] = (double)((3 * i + 4 * j + 5 * k + 3 * l + 5) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          B[i][j][k][l] = (double)((1 * i + 3 * j + 6 * k + 6 * l + 3) % 19) / 19 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          B[i][j][k][l] = B[i][j][k][l] + 0.75 * A[i][j][k][l];
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
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          checksum += B[i][j][k][l];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
