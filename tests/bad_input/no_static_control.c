/* expect: no static control loop nest found: while loops are not supported */
#define N 100
double A[N][N];
void f(void) {
  for (int i = 0; i < N; i++) {
    int j = 0;
    while (j < N) { A[i][j] = 0.0; j++; }
  }
}
