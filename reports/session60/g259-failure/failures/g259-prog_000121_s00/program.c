/* polyrl.generate v1: seed 5636655833090642536, float, 5 nest(s), patterns: reduction, transpose, reduction, broadcast, elementwise, stencil-jacobi, stencil-jacobi, reduction */
#include <stdio.h>

#define T 4
#define N0 22

float A[N0];
float B[N0];
float C[N0][N0];
float D[N0][N0];
float E[N0];
float s5;
float G[N0][N0];
float H[N0][N0];
float P[N0][N0][N0];
float Q[N0][N0][N0];
float R[N0][N0][N0];
float U[N0][N0][N0];
float V[N0][N0];
float W[N0];
float X[N0];
float Y[N0];
float Z[N0];
float A1[N0][N0];
float B1[N0][N0];
float C1[N0][N0];
float D1[N0][N0];
float E1[N0][N0];
float F1[N0][N0][N0][N0];
float G1[N0][N0][N0][N0];
float H1[N0][N0][N0][N0];
float P1[N0][N0][N0][N0][N0];
float Q1[N0][N0][N0][N0][N0];
float R1[N0][N0];
float U1[N0];

static void init(void)
{
  int i, j, k, l, m;
  for (i = 0; i < N0; i++)
    A[i] = (float)((6 * i + 1) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    B[i] = (float)((5 * i + 5) % 13) / 13 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (float)((6 * i + 4 * j + 0) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D[i][j] = (float)((2 * i + 7 * j + 2) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    E[i] = (float)((1 * i + 1) % 17) / 17 + 0.5f;
  s5 = 0.0f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      G[i][j] = (float)((3 * i + 4 * j + 2) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      H[i][j] = (float)((5 * i + 5 * j + 1) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        P[i][j][k] = (float)((7 * i + 4 * j + 2 * k + 2) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        Q[i][j][k] = (float)((3 * i + 6 * j + 6 * k + 5) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        R[i][j][k] = (float)((4 * i + 6 * j + 1 * k + 5) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        U[i][j][k] = (float)((2 * i + 4 * j + 4 * k + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      V[i][j] = (float)((4 * i + 6 * j + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    W[i] = (float)((5 * i + 2) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    X[i] = (float)((4 * i + 5) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    Y[i] = (float)((2 * i + 1) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    Z[i] = (float)((2 * i + 5) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A1[i][j] = (float)((5 * i + 3 * j + 5) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B1[i][j] = (float)((5 * i + 3 * j + 1) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C1[i][j] = (float)((5 * i + 4 * j + 5) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      D1[i][j] = (float)((2 * i + 6 * j + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      E1[i][j] = (float)((7 * i + 7 * j + 3) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          F1[i][j][k][l] = (float)((3 * i + 4 * j + 5 * k + 6 * l + 4) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          G1[i][j][k][l] = (float)((7 * i + 1 * j + 3 * k + 6 * l + 4) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          H1[i][j][k][l] = (float)((4 * i + 5 * j + 3 * k + 5 * l + 3) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          for (m = 0; m < N0; m++)
            P1[i][j][k][l][m] = (float)((6 * i + 6 * j + 2 * k + 7 * l + 1 * m + 5) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          for (m = 0; m < N0; m++)
            Q1[i][j][k][l][m] = (float)((6 * i + 6 * j + 4 * k + 6 * l + 2 * m + 1) % 13) / 13 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      R1[i][j] = (float)((4 * i + 2 * j + 2) % 17) / 17 + 0.5f;
  for (i = 0; i < N0; i++)
    U1[i] = (float)((5 * i + 5) % 13) / 13 + 0.5f;
}

void kernel(void)
{
  int t, i, j, k, l, m;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 0; i < N0; i++)
      for (j = 0; j < N0; j++)
        s5 = s5 + A[i] - B[j] * C[i][j] + 0.25f * D[i][j] + 0.75f * E[j];
    for (i = 0; i < N0; i++)
      for (j = 0; j < N0; j++)
        H[i][j] = 0.5f * (G[j][i]);
  }
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        V[j][k] = V[j][k] + P[i][j][k] * Q[i][j][k] - R[i][j][k] + 0.9f * U[i][j][k];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A1[i][j] = W[j] * X[i] + 0.25f * Y[i] - Z[j] + E[i] * H[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C1[i][j] = V[i][j] + B1[i][j] * A1[i][j] + 0.5f * H[i][j];
  for (i = 0; i < N0; i++) {
    for (j = 1; j < N0 - 1; j++)
      E1[i][j] = 0.9f * (0.33f * (H[i][j] + H[i][j - 1] + H[i][j + 1]) + 0.1f * D1[i][j]);
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        for (l = 1; l < N0 - 1; l++)
          H1[i][j][k][l] = 0.9f * (0.25f * (F1[i][j][k][l] + F1[i][j - 1][k][l - 1] + F1[i][j][k + 1][l + 1] + F1[i][j - 1][k][l + 1]) + 0.1f * G1[i][j][k][l]);
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          for (m = 0; m < N0; m++)
            U1[i] = (U1[i] > 0.33f * (P1[i][j][k][l][m] + Q1[i][j][k][l][m] + R1[i][j])) ? U1[i] : (0.33f * (P1[i][j][k][l][m] + Q1[i][j][k][l][m] + R1[i][j]));
  }
#pragma endscop
}

int main(void)
{
  int i, j, k, l;
  double checksum = 0.0;

  init();
  kernel();
  checksum += s5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += H[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += V[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += A1[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += C1[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      checksum += E1[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N0; l++)
          checksum += H1[i][j][k][l];
  for (i = 0; i < N0; i++)
    checksum += U1[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
