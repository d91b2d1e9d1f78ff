/* expect: has no loop nest */
int add(int a, int b) { return a + b; }
