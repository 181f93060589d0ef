// Runner check (WILL_FAIL): an error at the marked line that does not come
// from tangent (no "tangent:" in its text) is not a pass.
int f(int x) { return x + undeclared; } // TANGENT-ERROR: 'goto' is not supported
