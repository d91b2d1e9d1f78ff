/* polyrl.generate v1: seed 3654044927037425017, float, 2 nest(s), patterns: reduction, stencil-seidel, broadcast */
#include <stdio.h>

#define N0 135

float A[N0][N0][N0];
float B[N0][N0][N0];
float C[N0][N0][N0];
float D[N0][N0][N0];
float E[N0][N0][N0];
float F[N0][N0];
float G[N0][N0];
float H[N0][N0];
float P[N0];
float Q[N0][N0];
float R[N0][N0];
float U[N0];
float V[N0];

static void init(void)
{
  int i, j, k;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        A[i][j][k] = (float)((1 * i + 3 * j + 3 * k + 5) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        B[i][j][k] = (float)((2 * i + 3 * j + 1 * k + 1) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = (float)((3 * i + 1 * j + 7 * k + 5) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        D[i][j][k] = (float)((5 * i + 1 * j + 4 * k + 0) % 13) / 13 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        E[i][j][k] = (float)((2 * i + 4 * j + 3 * k + 5) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      F[i][j] = (float)((1 * i + 3 * j + 5) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      G[i][j] = (float)((2 * i + 6 * j + 4) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      H[i][j] = (float)((2 * i + 2 * j + 0) % 11) / 11 + 0.5f;
  for (i = 0; i < N0; i++)
    P[i] = (float)((4 * i + 4) % 13) / 13 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      Q[i][j] = (float)((5 * i + 1 * j + 1) % 19) / 19 + 0.5f;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      R[i][j] = (float)((4 * i + 6 * j + 5) % 23) / 23 + 0.5f;
  for (i = 0; i < N0; i++)
    U[i] = (float)((1 * i + 5) % 7) / 7 + 0.5f;
  for (i = 0; i < N0; i++)
    V[i] = (float)((6 * i + 0) % 23) / 23 + 0.5f;
}

void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N0; i++) {
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        F[i][k] = F[i][k] + A[i][j][k] - B[i][j][k] - C[i][j][k] - D[i][j][k] * E[i][j][k];
    for (j = 1; j < N0 - 1; j++)
      F[i][j] = 0.33f * (F[i][j] + F[i][j - 1] + F[i][j + 1]);
  }
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        C[i][j][k] = F[i][j] + G[j][k] + H[i][j] + 0.9f * P[i] + Q[j][k] * R[i][k] - 0.9f * U[k] + V[k] * E[i][j][k];
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
      checksum += F[i][j];
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      for (k = 0; k < N0; k++)
        checksum += C[i][j][k];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
