/* expect: has side effects */
#define N 100
double A[N];
int k;
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[k++] = 0.0;
#pragma endscop
}
