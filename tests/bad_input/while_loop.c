/* expect: while loops are not supported in a scop */
#define N 100
double A[N];
void f(void) {
  int i = 0;
#pragma scop
  while (i < N) {
    A[i] = 0.0;
    i++;
  }
#pragma endscop
}
