// What check_docs reads of grad.hpp: the kinds adjoint_flags tests.
bool differentiable = is_scalar || is_container || is_object || is_span;
bool adjoint_flags() {
  return param_traits<A>::differentiable || param_traits<A>::is_pointer;
}
