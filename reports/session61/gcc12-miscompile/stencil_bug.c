/* session 61: a gcc 12.2 -O3 miscompile reduced from seed 261 prog_000108, an original program polyrl measure refused as
   baseline-miscompiled (its -O3 build disagreed with its -O1 build): gcc unrolls the j loop completely (13 iterations)
   and then vectorizes the i loop, which carries A[i-1][j-1] from row to row (check.sh says more) */
#include <stdio.h>
#define N 15
double A[N][N], R[N][N];
__attribute__((noinline)) void kernel(void) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = 0.25 * (A[i][j] + A[i + 1][j + 1] + A[i - 1][j - 1] + A[i][j + 1]);
}
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) A[i][j] = R[i][j] = (double)((5 * i + 4 * j + 1) % 17) / 17 + 0.5;
  for (int i = 1; i < N - 1; i++)   /* the same recurrence, in an order the vectorizer leaves alone */
    for (int j = 1; j < N - 1; j++) {
      volatile double t = R[i][j] + R[i + 1][j + 1];
      R[i][j] = 0.25 * (t + R[i - 1][j - 1] + R[i][j + 1]);
    }
  kernel();
  int bad = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) if (A[i][j] != R[i][j]) { if (!bad) printf("A[%d][%d] = %.17g, expected %.17g; ", i, j, A[i][j], R[i][j]); bad++; }
  printf("%d wrong\n", bad);
  return 0;
}
