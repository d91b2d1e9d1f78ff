/* expect: must have an integer type */
double A[100];
void f(void) {
  double x;
#pragma scop
  for (x = 0.0; x < 100.0; x++)
    A[0] = A[0] + x;
#pragma endscop
}
