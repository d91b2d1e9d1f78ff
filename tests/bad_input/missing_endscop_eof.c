/* expect: without a matching `#pragma endscop` */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = 0.0;
}
