/* expect: not valid UTF-8 */
int main(void) { return 0; } /* café */
