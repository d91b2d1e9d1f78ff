/* polyrl.generate v1: seed 418087320004240912, double, 3 nest(s), patterns: reduction, stencil-seidel, elementwise */
#include <stdio.h>

#define N0 591

double A[N0][N0];
double B[N0][N0];
double C[N0][N0];
double D[N0];
double E[N0];
double F[N0];

static void init(void)
{
  int i, j;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      A[i][j] = (double)((3 * i + 5 * j + 2) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      B[i][j] = (double)((1 * i + 3 * j + 5) % 7) / 7 + 0.5;
  for (i = 0; i < N0; i++)
    for (j = 0; j < N0; j++)
      C[i][j] = (double)((7 * i + 6 * j + 1) % 23) / 23 + 0.5;
  for (i = 0; i < N0; i++)
    D[i] = (double)((5 * i + 1) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    E[i] = (double)((4 * i + 4) % 19) / 19 + 0.5;
  for (i = 0; i < N0; i++)
    F[i] = (double)((1 * i + 4) % 19) / 19 + 0.5;
}

void kernel(void)
{
  int i, j;
/* polyrl: optimized region */
#ifndef polyrl_min
#define polyrl_min(a,b) ((a) < (b) ? (a) : (b))
#endif
#ifndef polyrl_max
#define polyrl_max(a,b) ((a) > (b) ? (a) : (b))
#endif
#ifndef polyrl_floord
#define polyrl_floord(n,d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyrl_ceild
#define polyrl_ceild(n,d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))
#endif
  {
    if (N0 >= 1) {
      {
        char *polyrl_pack0_mem = (char *)__builtin_malloc(sizeof(double) * N0 * 1 + 64);
        if (!polyrl_pack0_mem) __builtin_trap();
        double (*restrict polyrl_pack0)[1] = (double (*)[1])(polyrl_pack0_mem + (64 - (__UINTPTR_TYPE__)polyrl_pack0_mem % 64));
        for (int c0 = 0; c0 <= N0; c0++) {
          const int polyrl_pack0_lo0 = 0;
          const int polyrl_pack0_lo1 = c0;
          for (int polyrl_pack0_i0 = polyrl_pack0_lo0; polyrl_pack0_i0 <= (N0 - 1); polyrl_pack0_i0++) {
            for (int polyrl_pack0_i1 = polyrl_pack0_lo1; polyrl_pack0_i1 <= c0; polyrl_pack0_i1++) {
              polyrl_pack0[polyrl_pack0_i0 - polyrl_pack0_lo0][polyrl_pack0_i1 - polyrl_pack0_lo1] = B[polyrl_pack0_i0][polyrl_pack0_i1];
            }
          }
          if (N0 >= c0 + 1) {
            for (int c1 = 0; c1 < N0; c1++) {
              D[c0] = D[c0] + 0.125 * A[c1][c0] - 0.9 * polyrl_pack0[c1 - polyrl_pack0_lo0][c0 - polyrl_pack0_lo1] + C[c1][c0];
            }
            if (c0 >= 2) {
              D[c0 - 1] = 0.33 * (D[c0 - 1] + D[(c0 - 1) - 1] + D[(c0 - 1) + 1]);
            }
          }
          if (c0 >= 1) {
            F[c0 - 1] = 1.5 * D[c0 - 1] + E[c0 - 1];
          }
        }
        __builtin_free(polyrl_pack0_mem);
      }
    }
  }
}

int main(void)
{
  int i;
  double checksum = 0.0;

  init();
  kernel();
  for (i = 0; i < N0; i++)
    checksum += D[i];
  for (i = 0; i < N0; i++)
    checksum += F[i];
  printf("checksum: %.6e\n", checksum);
  return 0;
}
