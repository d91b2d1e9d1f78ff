/* expect: must compare the iterator with <, <=, > or >= */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i != N; i++)
    A[i] = 0.0;
#pragma endscop
}
