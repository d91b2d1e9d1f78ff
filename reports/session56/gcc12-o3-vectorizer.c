/* Session 56: GCC 12.2 (Debian 12.2.0-14) miscompiles this in-place sweep at -O3. Each update reads F[j][k-1][l-1],
   written one k earlier, and F[j][k+1][l], not yet written. gcc -O3 -march=native vectorizes the k loop (with the l
   loop unrolled) and F differs from -O1's from F[1][2][2] on, the first element that reads a value written in the
   same j: 3,017 of 4,913 elements (-O0, -O1, -O2 and -O3 -fno-tree-loop-vectorize agree; -O3 without -march=native
   gives a third result). Nothing is reassociated, so no legal vectorization could change a value. Found through
   seed 227's prog_000119 (session 55), whose original the labeller refused as baseline-miscompiled (-O1 against
   -O3): the check that keeps such a baseline out of the labels.
     gcc -O1 gcc12-o3-vectorizer.c && ./a.out        # 4783.2648222546286
     gcc -O3 -march=native gcc12-o3-vectorizer.c && ./a.out   # 4783.7668754022025 on this Zen 5 */
#include <stdio.h>
#define N 17
double F[N][N][N];
int main(void) {
  for (int j = 0; j < N; j++)
    for (int k = 0; k < N; k++)
      for (int l = 0; l < N; l++)
        F[j][k][l] = (double)((j + 5 * k + l + 3) % 19) / 19 + 0.5;
  for (int j = 1; j < N - 1; j++)
    for (int k = 1; k < N - 1; k++)
      for (int l = 1; l < N - 1; l++)
        F[j][k][l] = 0.2 * (F[j][k][l] + F[j][k - 1][l - 1] + F[j - 1][k - 1][l - 1] + F[j - 1][k + 1][l - 1] + F[j][k + 1][l]);
  double s = 0;
  for (int j = 0; j < N; j++)
    for (int k = 0; k < N; k++)
      for (int l = 0; l < N; l++)
        s += F[j][k][l];
  printf("%.17g\n", s);
  return 0;
}
