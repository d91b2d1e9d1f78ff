/* matmul.c -- a plain dense matrix product, written the way one usually
 * writes it by hand (global arrays, no PolyBench harness). */
#include <stdio.h>

#define N 1000

double A[N][N];
double B[N][N];
double C[N][N];

void matmul(void)
{
  int i, j, k;

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = 0.0;

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(void)
{
  int i, j;
  double checksum = 0.0;

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i + j) % 10) / 10.0;
      B[i][j] = (double)((i * j) % 7) / 7.0;
    }

  matmul();

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      checksum += C[i][j];
  printf("checksum: %.6f\n", checksum);
  return 0;
}
