/* expect: loop iterator `i` is modified inside its loop */
#define N 100
double A[N];
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++) {
    A[i] = 0.0;
    i = i + 1;
  }
#pragma endscop
}
