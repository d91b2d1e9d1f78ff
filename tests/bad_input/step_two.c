/* expect: loop step must be +1 or -1 */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i += 2)
    A[i] = 0.0;
#pragma endscop
}
