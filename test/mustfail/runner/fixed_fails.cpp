// Runner check (WILL_FAIL): the refusal at the marked line is right, but the
// suggested rewrite (-DTANGENT_FIXED) is refused too, which is not a pass.
#ifndef TANGENT_FIXED
static_assert(false, "tangent: 'goto' is not supported (runner check)"); // TANGENT-ERROR: 'goto' is not supported
#else
static_assert(false, "tangent: 'while' is not supported (runner check)");
#endif
