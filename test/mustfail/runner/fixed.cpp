// Runner check: with TANGENT_FIXED the file holds the suggested rewrite; the
// refusal at the marked line is accepted and so is the rewrite, compiled with
// -DTANGENT_FIXED (a static_assert stands in for the plugin's error).
#ifdef TANGENT_FIXED
static_assert(true, "the rewrite compiles");
#else
static_assert(false, "tangent: 'goto' is not supported (runner check)"); // TANGENT-ERROR: 'goto' is not supported
#endif
