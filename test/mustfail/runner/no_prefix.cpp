// Runner check (WILL_FAIL): the expected text at the marked line without the
// "tangent:" prefix is not a pass.
static_assert(false, "'goto' is not supported (runner check)"); // TANGENT-ERROR: 'goto' is not supported
