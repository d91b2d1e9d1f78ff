/* expect: struct member access */
#define N 100
union u { double d; long l; } A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i].d = 0.0;
#pragma endscop
}
