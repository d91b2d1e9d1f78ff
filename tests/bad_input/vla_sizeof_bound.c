/* expect: unsupported expression `sizeof(A)` */
int len[4];
double out;
void f(void) {
  int i;
  double A[len[0]];
#pragma scop
  for (i = 0; i < sizeof(A) / sizeof(A[0]); i++)
    A[i] = 0.0;
#pragma endscop
}
