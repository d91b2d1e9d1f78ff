/* expect: switch statements are not supported in a scop */
#define N 100
double A[N];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    switch (i % 2) {
    case 0: A[i] = 0.0; break;
    default: A[i] = 1.0;
    }
#pragma endscop
}
