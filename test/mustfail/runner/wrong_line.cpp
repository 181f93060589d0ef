// Runner check (WILL_FAIL): the expected error on another line than the
// marked one is not a pass.
static_assert(false, "tangent: 'goto' is not supported (runner check)");
int f(int x) { return x; } // TANGENT-ERROR: 'goto' is not supported
