/* expect: struct member access */
#define N 100
struct vec { double data[N]; } v;
void f(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    v.data[i] = 0.0;
#pragma endscop
}
