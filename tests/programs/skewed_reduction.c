/* isl's scheduler skews the second nest (i + j outermost, parallel), which leaves its inner
   loop a float reduction: the Pluto form's alternative on the loops as written
   (test_macros, test_search). */
#define N 2000
float A[N], B[N], D[N], E[N], F[N + N];
void kernel(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    D[i] = 1.5f * A[i] + B[i];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      F[i + j] = F[i + j] + D[i] * E[j];
#pragma endscop
}
