// Runner check (WILL_FAIL): a tangent error at the marked line with another
// message is not a pass.
static_assert(false, "tangent: 'throw' is not supported (runner check)"); // TANGENT-ERROR: 'goto' is not supported
