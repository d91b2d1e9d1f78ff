/* expect: unsupported expression */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    A[i] = ({ double t = 2.0; t * A[i]; });
#pragma endscop
}
