/* expect: cannot parse: use of undeclared identifier */
void f(void) {
#pragma scop
  for (int i = 0; i < 10; i++)
    B[i] = 0.0;
#pragma endscop
}
