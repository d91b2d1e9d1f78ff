/* expect: integer literal is too large */
#define N 100000000000000000000
double A[10];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[0] = A[0] + 1.0;
#pragma endscop
}
