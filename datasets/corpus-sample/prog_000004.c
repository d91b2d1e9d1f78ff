/* polyrl.generate v1: seed 3941008756837294283, double, 2 nest(s), patterns: reduction, elementwise */
#include <stdio.h>

#define N0 211
#define N1 70

double A[N0];
double s1;
double C[N0][N0][N1];
double D[N0][N0][N1];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    A[i] = (double)((7 * i + 2) % 11) / 11 + 0.5;
  s1 = 0.0;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        C[i][j][k] = (double)((2 * i + 5 * j + 6 * k + 5) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        D[i][j][k] = (double)((2 * i + 3 * j + 7 * k + 5) % 11) / 11 + 0.5;
}

void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++)
    s1 = s1 + 1.5 * A[i];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        D[i][j][k] = C[i][j][k];
#pragma endscop
}

int main(void)
{
  int i, j, k;
  double checksum = 0.0;

  init();
  kernel();
  checksum += s1;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        checksum += D[i][j][k];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
