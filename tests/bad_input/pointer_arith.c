/* expect: pointer arithmetic */
void f(int n, double *p) {
#pragma scop
  for (int i = 0; i < n; i++)
    *(p + i) = 0.0;
#pragma endscop
}
