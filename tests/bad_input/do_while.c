/* expect: while loops are not supported in a scop */
#define N 100
double A[N];
void f(void) {
  int i = 0;
#pragma scop
  do {
    A[i] = 0.0;
    i++;
  } while (i < N);
#pragma endscop
}
