/* expect: has 2 dimension(s) but is accessed with 1 subscript(s) */
double A[10][10], B[10];
void f(void) {
#pragma scop
  for (int i = 0; i < 10; i++)
    B[i] = A[i] != B;
#pragma endscop
}
