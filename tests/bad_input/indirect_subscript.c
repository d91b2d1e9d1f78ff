/* expect: non-affine subscript `idx[i]` in array access */
#define N 100
double A[N];
int idx[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    A[idx[i]] += 1.0;
#pragma endscop
}
