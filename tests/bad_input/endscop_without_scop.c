/* expect: `#pragma endscop` without `#pragma scop` */
#define N 100
double A[N];
void f(void) {
  int i;
  for (i = 0; i < N; i++)
    A[i] = 0.0;
#pragma endscop
}
