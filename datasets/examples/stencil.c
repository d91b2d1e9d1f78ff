/* stencil.c -- a hand-written 2-D Jacobi smoother with a time loop: grid
 * arrays are static globals, sizes are passed to the solver as ints. */
#include <stdio.h>

#define NMAX 512

static double u[NMAX][NMAX];
static double unew[NMAX][NMAX];

void jacobi(int n, int tsteps)
{
  int t, i, j;

  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        u[i][j] = unew[i][j];
  }
}

int main(void)
{
  int n = NMAX, tsteps = 100;
  int i, j;
  double sum = 0.0;

  /* hot left edge, cold elsewhere */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      u[i][j] = unew[i][j] = (j == 0) ? 100.0 : 0.0;

  jacobi(n, tsteps);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      sum += u[i][j];
  printf("sum: %.6f  u[n/2][4]: %.6f\n", sum, u[n / 2][4]);
  return 0;
}
