/* expect: unsupported statement */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++) {
    __asm__ volatile("" ::: "memory");
    A[i] = 0.0;
  }
#pragma endscop
}
