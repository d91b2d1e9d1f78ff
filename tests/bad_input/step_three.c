/* expect: loop step must be +1 or -1 */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i += 3)
    A[i] = 0.0;
#pragma endscop
}
