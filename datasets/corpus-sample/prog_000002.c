/* polyrl.generate v1: seed 3500773142199929245, double, 1 nest(s), patterns: stencil-jacobi, transpose, triangular */
#include <stdio.h>

#define N0 51
#define N1 34
#define N2 34

double A[N0][N1][N1];
double B[N0][N1][N1];
double C[N0][N1][N1];
double D[N0][N2][N1][N2];
double E[N0][N2][N1][N2];
double F[N0][N2][N1][N2];
double G[N0][N2][N2];
double H[N0][N2];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        A[i][j][k] = (double)((1 * i + 6 * j + 7 * k + 0) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        B[i][j][k] = (double)((1 * i + 7 * j + 6 * k + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        C[i][j][k] = (double)((6 * i + 5 * j + 3 * k + 2) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          D[i][j][k][l] = (double)((7 * i + 6 * j + 7 * k + 5 * l + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          E[i][j][k][l] = (double)((5 * i + 3 * j + 3 * k + 2 * l + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          F[i][j][k][l] = (double)((7 * i + 7 * j + 4 * k + 4 * l + 2) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N2; k++)
        G[i][j][k] = (double)((7 * i + 5 * j + 2 * k + 0) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      H[i][j] = (double)((4 * i + 5 * j + 2) % 13) / 13 + 0.5;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 1; j < N1 - 1; j++)
      for (k = 1; k < N1 - 1; k++)
        C[i][j][k] = 0.9 * (0.2 * (A[i][j][k] + A[i][j - 1][k] + A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]) + 0.1 * B[i][j][k]);
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          F[i][j][k][l] = D[i][l][k][j] - E[i][j][k][l];
    for (j = 0; j < N2; j++)
      for (k = 0; k < j; k++)
        H[i][j] = H[i][j] - 0.0001 * G[i][j][k] * H[i][k];
  }
#pragma endscop
}

int main(void)
{
  int i, j, k, l;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        checksum += C[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          checksum += F[i][j][k][l];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      checksum += H[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
