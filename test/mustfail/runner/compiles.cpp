// Runner check (WILL_FAIL): a file that compiles cleanly is not a pass.
int f(int x) { return x + 1; } // TANGENT-ERROR: 'goto' is not supported
int main() { return f(-1); }
