/* expect: goto/break/continue/return not allowed in a scop */
double A[10];
void f(void) {
#pragma scop
  for (int i = 0; i < 10; i++) {
    A[i] = 0.0;
    goto out;
  }
#pragma endscop
out:
  return;
}
