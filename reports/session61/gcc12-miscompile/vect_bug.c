/* session 61: a gcc 12.2 -O3 AVX-512 miscompile reduced from seed 259 prog_000121 (check.sh says more) */
#include <stdio.h>
#define N 22
float G[N][N], H[N][N], E[N][N];
__attribute__((noinline)) void kernel(void) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      H[j][i] = G[i][j];
      if (i >= 2)
        E[j][i - 1] = H[j][i - 1] + H[j][i - 2] + H[j][i];
    }
}
int main(void) {
  for (int j = 0; j < N; j++) for (int i = 0; i < N; i++) { G[i][j] = i; H[j][i] = -1000; E[j][i] = 0; }
  kernel();
  int bad = 0;
  for (int j = 0; j < N; j++) for (int i = 1; i < N - 1; i++) if (E[j][i] != 3 * i) { if (!bad) printf("E[%d][%d] = %g, expected %d ", j, i, E[j][i], 3 * i); bad++; }
  printf("%d wrong\n", bad);
  return 0;
}
