/* expect: must have an initialisation, a condition and an increment */
double A[100];
void f(void) {
  int i;
#pragma scop
  for (;;)
    A[0] = A[0] + 1.0;
#pragma endscop
}
