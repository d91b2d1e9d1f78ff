/* expect: conditional `?:` in loop bound */
#define N 100
#define MAX(a, b) ((a) > (b) ? (a) : (b))
double A[N];
void f(int m) {
#pragma scop
  for (int i = 0; i < MAX(m, N); i++)
    A[i] = 0.0;
#pragma endscop
}
