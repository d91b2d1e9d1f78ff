/* polyrl.generate v1: seed 171103726669354353, float, 2 nest(s), patterns: transpose, stencil-jacobi, skewed, stencil-seidel */
#include <stdio.h>

#define N0 39
#define N1 62

float A[N0][N1][N1];
float B[N1][N0][N1];
float C[N1][N0][N1];
float D[N1][N1][N0];
float E[N0][N1][N1];
float F[N1][N0][N0][N1];
float G[N1][N0][N0][N1];
float H[N1][N1];
float P[N1][N1];
float Q[N1][N1 + N1];
float R[N1][N1];

static void init(void)
{
  int i, j, k, l;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        A[i][j][k] = (float)((3 * i + 2 * j + 3 * k + 2) % 13) / 13 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        B[i][j][k] = (float)((7 * i + 1 * j + 5 * k + 3) % 17) / 17 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N1; k++)
        C[i][j][k] = (float)((5 * i + 7 * j + 5 * k + 3) % 19) / 19 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N0; k++)
        D[i][j][k] = (float)((7 * i + 4 * j + 6 * k + 5) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        E[i][j][k] = (float)((4 * i + 2 * j + 7 * k + 1) % 19) / 19 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N1; l++)
          F[i][j][k][l] = (float)((4 * i + 6 * j + 4 * k + 6 * l + 0) % 19) / 19 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N1; l++)
          G[i][j][k][l] = (float)((7 * i + 1 * j + 5 * k + 3 * l + 0) % 23) / 23 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      H[i][j] = (float)((4 * i + 6 * j + 3) % 13) / 13 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      P[i][j] = (float)((7 * i + 1 * j + 5) % 11) / 11 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1 + N1; j++)
      Q[i][j] = (float)((1 * i + 2 * j + 4) % 19) / 19 + 0.5f;
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      R[i][j] = (float)((4 * i + 3 * j + 4) % 7) / 7 + 0.5f;
}

void kernel(void)
{
  int i, j, k, l;
#pragma scop
  for (i = 0; i < N0; i++)
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        E[i][j][k] = 0.125f * A[i][k][j] + 0.5f * B[j][i][k] + C[k][i][j] * D[j][k][i];
  for (i = 0; i < N1; i++) {
    for (j = 1; j < N0 - 1; j++)
      for (k = 1; k < N0 - 1; k++)
        for (l = 1; l < N1 - 1; l++)
          G[i][j][k][l] = 0.14f * (F[i][j][k][l] + F[i][j - 1][k][l] + F[i][j + 1][k][l] + F[i][j][k - 1][l] + F[i][j][k + 1][l] + F[i][j][k][l - 1] + F[i][j][k][l + 1]);
    for (j = 0; j < N1; j++)
      for (k = 0; k < N1; k++)
        Q[i][j + k] = Q[i][j + k] + H[i][j] * P[i][k];
    for (j = 1; j < N1 - 1; j++)
      R[i][j] = 0.33f * (R[i][j] + R[i][j - 1] + R[i][j + 1]);
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
        checksum += E[i][j][k];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        for (l = 0; l < N1; l++)
          checksum += G[i][j][k][l];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1 + N1; j++)
      checksum += Q[i][j];
  for (i = 0; i < N1; i++)
    for (j = 0; j < N1; j++)
      checksum += R[i][j];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
