/* polyrl.generate v1: seed 2967218785470073861, double, 4 nest(s), patterns: reduction, stencil-seidel, transpose, transpose, reduction, triangular, stencil-jacobi */
#include <stdio.h>

#define N0 31
#define N1 19
#define N2 12

double A[N0][N0][N1][N0];
double B[N0][N0][N1][N0];
double C[N0][N1][N0];
double D[N0][N1];
double E[N0][N0][N2];
double F[N0][N0][N2];
double G[N0][N0][N2];
double H[N0][N2][N0];
double P[N0][N2][N0];
double Q[N0][N2][N1][N1];
double R[N0][N1][N2][N1];
double U[N0][N1][N1][N2];
double V[N0][N1][N1][N2];
double W[N0][N1][N2][N0][N1];
double X[N0];
double Y[N0][N0];
double Z[N0][N0];
double A1[N0];

static void init(void)
{
  int i, j, k, l, m;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          A[i][j][k][l] = (double)((6 * i + 2 * j + 4 * k + 2 * l + 4) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          B[i][j][k][l] = (double)((6 * i + 4 * j + 2 * k + 3 * l + 5) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = (double)((7 * i + 7 * j + 1 * k + 4) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      D[i][j] = (double)((2 * i + 6 * j + 5) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N2; k++)
        E[i][j][k] = (double)((3 * i + 7 * j + 7 * k + 0) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N2; k++)
        F[i][j][k] = (double)((6 * i + 1 * j + 2 * k + 4) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N2; k++)
        G[i][j][k] = (double)((2 * i + 2 * j + 7 * k + 1) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N0; k++)
        H[i][j][k] = (double)((6 * i + 6 * j + 3 * k + 3) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N0; k++)
        P[i][j][k] = (double)((6 * i + 4 * j + 5 * k + 5) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N1; l++)
          Q[i][j][k][l] = (double)((4 * i + 5 * j + 5 * k + 1 * l + 2) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N2; k++)
        for (l = 0; l < N1; l++)
          R[i][j][k][l] = (double)((7 * i + 1 * j + 5 * k + 3 * l + 1) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          U[i][j][k][l] = (double)((5 * i + 2 * j + 3 * k + 7 * l + 5) % 11) / 11 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          V[i][j][k][l] = (double)((2 * i + 2 * j + 6 * k + 3 * l + 2) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N2; k++)
        for (l = 0; l < N0; l++)
          for (m = 0; m < N1; m++)
            W[i][j][k][l][m] = (double)((1 * i + 6 * j + 3 * k + 4 * l + 2 * m + 2) % 13) / 13 + 0.5;
  for (i = 0; i < N0; i++)
    X[i] = (double)((3 * i + 2) % 17) / 17 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      Y[i][j] = (double)((1 * i + 3 * j + 1) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      Z[i][j] = (double)((6 * i + 2 * j + 4) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    A1[i] = (double)((5 * i + 1) % 23) / 23 + 0.5;
}

void kernel(void)
{
  int i, j, k, l, m;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N0; l++)
          C[i][k][l] = (C[i][k][l] > 0.5 * (A[i][j][k][l] + B[i][j][k][l])) ? C[i][k][l] : (0.5 * (A[i][j][k][l] + B[i][j][k][l]));
    for (j = 1; j < N1 - 1; j++)
      D[i][j] = 0.33 * (D[i][j] + D[i][j - 1] + D[i][j + 1]);
  }
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N2; j++)
      for (k = 0; k < N0; k++)
        P[i][j][k] = E[i][k][j] + F[i][k][j] - G[i][k][j] + 0.25 * H[i][j][k];
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          V[i][j][k][l] = Q[i][l][k][j] * R[i][k][l][j] + 2.0 * U[i][j][k][l];
    for (j = 0; j < N1; j++)
      for (k = 0; k < N2; k++)
        for (l = 0; l < N0; l++)
          for (m = 0; m < N1; m++)
            X[i] = X[i] + W[i][j][k][l][m];
  }
  for (i = 0; i < N0; i++)
    for (j = i; j < N0; j++)
      Z[i][j] = Z[i][j] + Y[i][j] - 0.75 * Y[j][i];
  for (i = 2; i < N0 - 2; i++)
    A1[i] = 0.2 * (X[i] + X[i - 1] + X[i + 1] + X[i - 2] + X[i + 2]);
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
      for (k = 0; k < N0; k++)
        checksum += C[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      checksum += D[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N2; j++)
      for (k = 0; k < N0; k++)
        checksum += P[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        for (l = 0; l < N2; l++)
          checksum += V[i][j][k][l];
  for (i = 0; i < N0; i++)
    checksum += X[i];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += Z[i][j];
  for (i = 0; i < N0; i++)
    checksum += A1[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
