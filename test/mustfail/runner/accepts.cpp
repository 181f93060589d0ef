// Runner check: a diagnostic of the expected form at the marked line is
// accepted (a static_assert stands in for the plugin's error).
static_assert(false, "tangent: 'goto' is not supported (runner check)"); // TANGENT-ERROR: 'goto' is not supported
