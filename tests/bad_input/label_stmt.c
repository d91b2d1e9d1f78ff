/* expect: labels are not allowed in a scop */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++) {
  here:
    A[i] = 0.0;
  }
#pragma endscop
}
