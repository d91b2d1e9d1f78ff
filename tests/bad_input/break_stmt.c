/* expect: goto/break/continue/return not allowed in a scop */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++) {
    A[i] = 0.0;
    break;
  }
#pragma endscop
}
